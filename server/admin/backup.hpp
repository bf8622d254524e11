// Online backup and checked restore of the server's SQLite database.
//
// A backup is a consistent copy taken while `spb serve` runs. SQLite's backup
// API copies the database in steps, all inside one read transaction: in WAL
// mode a reader never blocks the server's writer, and holding one snapshot
// means moves committed meanwhile neither restart the copy nor tear it. The
// copy is written under a temporary name, checked (integrity_check, schema
// version) and only then renamed into place. It is a single self-contained
// file (rollback-journal mode), ready to be copied off the machine.
//
// A restore trusts nothing it reads. The backup is opened read-only and
// checked (size against its header, integrity_check, schema version), copied
// next to the target, brought to this binary's schema, and every started table
// is replayed from its seed with each move's stored hash checked. Only when all
// of that holds is the target replaced, and only if no process has it open;
// the old database (with its -wal and -shm files) is moved aside, never
// deleted.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace sp::server {

// A backup or restore refused: the message says why, in a sentence.
class BackupError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct BackupSummary {
  std::string file;  // where the backup was written
  int schema_version = 0;
  std::int64_t bytes = 0;
  std::int64_t tables = 0;  // rows of game_tables in the copy
  std::int64_t moves = 0;   // rows of moves in the copy
};

// Copies the database at `database` to `destination` (a file, or an existing
// folder to put a time-stamped file in). Throws BackupError.
BackupSummary backup_database(const std::string& database, const std::string& destination);

// The verdict on one started table of a backup.
struct TableVerdict {
  enum class Outcome { kReplays, kOtherVersion, kDiverges };
  std::int64_t id = 0;
  std::string status;  // playing or finished
  std::int64_t moves = 0;
  Outcome outcome = Outcome::kReplays;
  std::string detail;  // the first divergence, or the versions the table was recorded under
};

struct RestoreOutcome {
  int schema_version = 0;  // of the backup, before migrations
  std::vector<TableVerdict> tables;
  bool installed = false;
  std::string moved_aside;  // where the old database went; empty when there was none
  std::size_t diverged() const;
};

// Checks `backup` and, unless `check_only`, installs it at `target` when every
// table replays. Tables recorded under another card set or rules version
// cannot be replayed by this binary: they are reported and do not stop the
// restore. `on_table` is called with each verdict as it is reached.
// Throws BackupError for a damaged backup or a target in use; nothing is
// changed then, nor when a table diverges (installed stays false).
RestoreOutcome restore_database(const std::string& backup, const std::string& target, bool check_only,
                                const std::function<void(const TableVerdict&)>& on_table = {});

}  // namespace sp::server
