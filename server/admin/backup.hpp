// spb admin backup and restore. The backup and the restore's file work are
// SQLite's (server/store/sqlite/sqlite_backup.hpp); what a restore adds here is the
// proof: every started table of the backup is replayed from its seed with
// each move's stored hash checked, and the backup is installed only when
// every table replays.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "server/store/sqlite/sqlite_backup.hpp"

namespace sp::server {

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
