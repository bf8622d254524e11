#include "server/admin/verify.hpp"

#include "engine/card.hpp"

namespace sp::server {
namespace {

TableCheck replay_table(const TableRecord& table, const std::vector<MoveRecord>& moves) {
  if (table.card_set_version != engine::card_set_version()) {
    return TableCheck{table.id, std::string(to_string(table.status)), 0, std::nullopt,
                      "played with card set " + table.card_set_version + "; this binary has card set " +
                          std::string(engine::card_set_version())};
  }
  LogReplay replay(table);
  for (const MoveRecord& move : moves) {
    if (!replay.ok()) break;
    replay.apply(move, true, nullptr);
  }
  replay.finish(table);
  return TableCheck{table.id, std::string(to_string(table.status)), replay.moves(), replay.divergence(), {}};
}

}  // namespace

VerifySummary verify_database(Records& db, const std::function<void(const TableCheck&)>& report) {
  VerifySummary summary;
  db.each_started_game(std::nullopt, [&](const TableRecord& table, const std::vector<MoveRecord>& moves) {
    const TableCheck verdict = replay_table(table, moves);
    ++summary.tables;
    summary.moves += verdict.moves;
    if (verdict.divergence) ++summary.diverged;
    if (!verdict.not_replayed.empty()) ++summary.not_replayed;
    report(verdict);
  });
  return summary;
}

std::optional<TableCheck> verify_table(Records& db, std::int64_t table_id) {
  std::optional<TableCheck> check;
  db.each_started_game(table_id, [&check](const TableRecord& table, const std::vector<MoveRecord>& moves) {
    check = replay_table(table, moves);
  });
  return check;
}

}  // namespace sp::server
