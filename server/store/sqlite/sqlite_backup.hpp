// Online backup and checked restore of the server's SQLite database: the
// file-level half (what only SQLite's files know); server/admin/backup.hpp
// adds the replay of every table a restore must pass.
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
// next to the target and brought to this binary's schema; the caller's proof
// then reads the copy. Only when the proof holds is the target replaced, and
// only if no process has it open; the old database (with its -wal and -shm
// files) is moved aside, never deleted.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

#include "server/store/records.hpp"

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

struct CopyRestored {
  int schema_version = 0;  // of the backup, before migrations
  bool installed = false;
  std::string moved_aside;  // where the old database went; empty when there was none
};

// Checks `backup`, copies it and brings the copy to this binary's schema,
// then calls `prove` with the copy's records; unless `check_only`, installs
// the copy at `target` when `prove` returns true. Throws BackupError for a
// damaged backup or a target in use; nothing is changed then, nor when
// `prove` returns false.
CopyRestored restore_copy(const std::string& backup, const std::string& target, bool check_only,
                          const std::function<bool(Records&)>& prove);

}  // namespace sp::server
