// spb admin backup and spb admin restore (see server/admin/backup.hpp).
#include <algorithm>
#include <cstdlib>
#include <iostream>

#include "server/admin/backup.hpp"
#include "server/cli/command_line.hpp"
#include "server/cli/commands.hpp"
#include "server/store/open_backend.hpp"

namespace sp::cli {
namespace {

constexpr const char* kBackupUsage =
    "usage: spb admin backup [--db PATH] --to FILE|FOLDER\n"
    "Copies the database consistently, also while spb serve runs on it, checks the copy\n"
    "(integrity_check, schema version) and only then puts it at FILE (or at\n"
    "FOLDER/spb-<UTC time>.sqlite). --db defaults to $SPB_DB.\n";

constexpr const char* kRestoreUsage =
    "usage: spb admin restore --from FILE [--db PATH]\n"
    "Checks the backup FILE (size, integrity_check, schema version) and replays every started\n"
    "table from its seed, checking each move's stored state hash. With --db, and only if all\n"
    "of that holds, the database at PATH is replaced by the backup; the old one is moved to\n"
    "PATH.before-restore-<UTC time>. Refused while a process (spb serve) has PATH open.\n"
    "Without --db the backup is only checked.\n";

const char* outcome_word(server::TableVerdict::Outcome outcome) {
  switch (outcome) {
    case server::TableVerdict::Outcome::kReplays: return "replays";
    case server::TableVerdict::Outcome::kOtherVersion: return "not replayed";
    case server::TableVerdict::Outcome::kDiverges: return "DIVERGES";
  }
  return "?";
}

// Backups and restores here copy SQLite files; PostgreSQL has its own tools.
bool refuse_postgresql(const std::string& db, const char* command) {
  if (server::backend_kind(db) != server::BackendKind::kPostgresql) return false;
  std::cerr << "spb admin " << command
            << ": the database is PostgreSQL, whose own tools back it up: pg_dump for a copy, "
               "continuous archiving (pg_basebackup and WAL archiving) for point-in-time recovery; "
               "see docs/operations.md. spb admin "
            << command << " handles SQLite files only.\n";
  return true;
}

}  // namespace

int run_admin_backup_command(const std::vector<std::string>& args) {
  std::string error;
  const auto flags = Flags::parse(args, {"db", "to"}, error);
  const char* env_db = std::getenv("SPB_DB");
  const auto db = flags ? flags->get("db").value_or(env_db != nullptr ? env_db : "") : "";
  const auto to = flags ? flags->get("to") : std::nullopt;
  if (flags && db.empty()) error = "give --db PATH (or set SPB_DB)";
  if (flags && !to) error = "give --to FILE";
  if (flags && !flags->positional().empty()) error = "unexpected argument " + flags->positional().front();
  if (!error.empty()) {
    std::cerr << "spb admin backup: " << error << "\n\n" << kBackupUsage;
    return 2;
  }
  if (refuse_postgresql(db, "backup")) return 2;
  try {
    const server::BackupSummary summary = server::backup_database(db, *to);
    std::cout << "backup of " << db << " written to " << summary.file << ": " << summary.bytes << " bytes, schema version "
              << summary.schema_version << ", " << summary.tables << " tables, " << summary.moves
              << " moves; integrity_check ok\n";
    return 0;
  } catch (const server::BackupError& e) {
    std::cerr << "spb admin backup: " << e.what() << "\n";
    return 1;
  }
}

int run_admin_restore_command(const std::vector<std::string>& args) {
  std::string error;
  const auto flags = Flags::parse(args, {"from", "db"}, error);
  const auto from = flags ? flags->get("from") : std::nullopt;
  if (flags && !from) error = "give --from FILE";
  if (flags && !flags->positional().empty()) error = "unexpected argument " + flags->positional().front();
  if (!error.empty()) {
    std::cerr << "spb admin restore: " << error << "\n\n" << kRestoreUsage;
    return 2;
  }
  const auto db = flags->get("db");
  if (db && refuse_postgresql(*db, "restore")) return 2;
  try {
    const auto outcome = server::restore_database(*from, db.value_or(""), !db, [](const server::TableVerdict& t) {
      std::cout << "table " << t.id << " (" << t.status << ", " << t.moves << " moves): " << outcome_word(t.outcome)
                << (t.detail.empty() ? "" : ": " + t.detail) << "\n";
    });
    const std::size_t diverged = outcome.diverged();
    const auto other_version = std::count_if(outcome.tables.begin(), outcome.tables.end(), [](const auto& t) {
      return t.outcome == server::TableVerdict::Outcome::kOtherVersion;
    });
    std::cout << *from << ": schema version " << outcome.schema_version << ", integrity_check ok, "
              << outcome.tables.size() << " started tables, " << diverged << " diverge, " << other_version
              << " recorded under another card set or rules version\n";
    if (diverged > 0) {
      std::cerr << "spb admin restore: " << diverged << " table(s) do not replay; nothing was changed\n";
      return 1;
    }
    if (!outcome.installed) {
      std::cout << "the backup is good; nothing was installed (give --db PATH to restore it)\n";
    } else if (outcome.moved_aside.empty()) {
      std::cout << "restored to " << *db << "\n";
    } else {
      std::cout << "restored to " << *db << "; the previous database is now " << outcome.moved_aside << "\n";
    }
    return 0;
  } catch (const server::BackupError& e) {
    std::cerr << "spb admin restore: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace sp::cli
