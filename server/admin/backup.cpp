#include "server/admin/backup.hpp"

#include <algorithm>
#include <stdexcept>

#include "server/table/table_registry.hpp"
#include "server/table/table_versions.hpp"

namespace sp::server {
namespace {

std::vector<TableVerdict> replay_tables(Records& db, const std::function<void(const TableVerdict&)>& on_table) {
  std::vector<std::int64_t> ids = db.table_ids_with_status(TableStatus::kPlaying);
  for (std::int64_t id : db.table_ids_with_status(TableStatus::kFinished)) ids.push_back(id);
  std::sort(ids.begin(), ids.end());
  std::vector<TableVerdict> verdicts;
  for (std::int64_t id : ids) {
    TableVerdict verdict;
    verdict.id = id;
    try {
      const auto record = db.load_table(id);
      if (!record) throw std::runtime_error("its creator's account is missing");
      verdict.status = std::string(to_string(record->status));
      const auto moves = db.load_moves(id);
      verdict.moves = static_cast<std::int64_t>(moves.size());
      if (const std::string mismatch = version_mismatch(*record); !mismatch.empty()) {
        verdict.outcome = TableVerdict::Outcome::kOtherVersion;
        verdict.detail = mismatch;
      } else {
        replay_stored(*record, moves);
      }
    } catch (const std::exception& e) {
      verdict.outcome = TableVerdict::Outcome::kDiverges;
      verdict.detail = e.what();
    }
    if (on_table) on_table(verdict);
    verdicts.push_back(std::move(verdict));
  }
  return verdicts;
}

}  // namespace

std::size_t RestoreOutcome::diverged() const {
  return static_cast<std::size_t>(std::count_if(tables.begin(), tables.end(), [](const TableVerdict& t) {
    return t.outcome == TableVerdict::Outcome::kDiverges;
  }));
}

RestoreOutcome restore_database(const std::string& backup, const std::string& target, bool check_only,
                                const std::function<void(const TableVerdict&)>& on_table) {
  RestoreOutcome outcome;
  const CopyRestored copy = restore_copy(backup, target, check_only, [&](Records& db) {
    outcome.tables = replay_tables(db, on_table);
    return outcome.diverged() == 0;
  });
  outcome.schema_version = copy.schema_version;
  outcome.installed = copy.installed;
  outcome.moved_aside = copy.moved_aside;
  return outcome;
}

}  // namespace sp::server
