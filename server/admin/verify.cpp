#include "server/admin/verify.hpp"

#include "engine/card.hpp"

namespace sp::server {
namespace {

constexpr const char* kTables =
    "SELECT id, status, player_count, options_json, seed, move_count, coalesce(state_hash, ''), card_set_version "
    "FROM game_tables "
    "WHERE status <> 'open'";

TableRecord read_table(const Statement& s) {
  TableRecord t;
  t.id = s.column_int(0);
  t.status = parse_table_status(s.column_text(1)).value_or(TableStatus::kAborted);
  t.player_count = static_cast<int>(s.column_int(2));
  t.options_json = s.column_text(3);
  t.seed = static_cast<std::uint64_t>(s.column_int(4));
  t.move_count = s.column_int(5);
  t.state_hash = s.column_text(6);
  t.card_set_version = s.column_text(7);
  return t;
}

// Replays one table from the moves statement, which stands on the table's
// first move (or past it); leaves it on the first move of a later table.
TableCheck replay_table(const TableRecord& table, Statement& moves, bool& more) {
  if (table.card_set_version != engine::card_set_version()) {
    while (more && moves.column_int(0) == table.id) more = moves.step();
    return TableCheck{table.id, std::string(to_string(table.status)), 0, std::nullopt,
                      "played with card set " + table.card_set_version + "; this binary has card set " +
                          std::string(engine::card_set_version())};
  }
  LogReplay replay(table);
  MoveRecord move;
  while (more && moves.column_int(0) == table.id) {
    if (replay.ok()) {
      move.move_number = moves.column_int(1);
      move.seat = static_cast<int>(moves.column_int(2));
      move.action_json = moves.column_text(3);
      move.state_hash = moves.column_text(4);
      replay.apply(move, true, nullptr);
    }
    more = moves.step();
  }
  replay.finish(table);
  return TableCheck{table.id, std::string(to_string(table.status)), replay.moves(), replay.divergence(), {}};
}

}  // namespace

VerifySummary verify_database(Database& db, const std::function<void(const TableCheck&)>& report) {
  VerifySummary summary;
  auto tables = db.prepare(std::string(kTables) + " ORDER BY id");
  auto moves = db.prepare(
      "SELECT table_id, move_number, seat, action_json, state_hash FROM moves ORDER BY table_id, move_number");
  bool more = moves.step();
  while (tables.step()) {
    const TableRecord table = read_table(tables);
    // Moves of tables that are not checked (open ones) are passed over.
    while (more && moves.column_int(0) < table.id) more = moves.step();
    const TableCheck verdict = replay_table(table, moves, more);
    ++summary.tables;
    summary.moves += verdict.moves;
    if (verdict.divergence) ++summary.diverged;
    if (!verdict.not_replayed.empty()) ++summary.not_replayed;
    report(verdict);
  }
  return summary;
}

std::optional<TableCheck> verify_table(Database& db, std::int64_t table_id) {
  auto tables = db.prepare(std::string(kTables) + " AND id = ?");
  tables.bind(1, table_id);
  if (!tables.step()) return std::nullopt;
  const TableRecord table = read_table(tables);
  auto moves = db.prepare(
      "SELECT table_id, move_number, seat, action_json, state_hash FROM moves WHERE table_id = ? ORDER BY move_number");
  moves.bind(1, table_id);
  bool more = moves.step();
  return replay_table(table, moves, more);
}

}  // namespace sp::server
