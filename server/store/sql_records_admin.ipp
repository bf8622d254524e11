// The records' whole games for tools and the administrators' log
// (sql_records.hpp).
#include "server/store/sql_records.hpp"

namespace sp::server {
namespace {

// What a replay needs of a started table (Records::each_started_game).
constexpr const char* kStartedTables =
    "SELECT id, status, player_count, options_json, seed, move_count, coalesce(state_hash, ''), card_set_version "
    "FROM game_tables "
    "WHERE status <> 'open'";

TableRecord read_started_table(const auto& s) {
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

MoveRecord read_logged_move(const auto& moves) {
  MoveRecord move;
  move.move_number = moves.column_int(1);
  move.seat = static_cast<int>(moves.column_int(2));
  move.action_json = moves.column_text(3);
  move.state_hash = moves.column_text(4);
  return move;
}

}  // namespace

// Where rows stream (SQLite), the whole log is read in table order through
// one statement beside the tables' own: a database of ten thousand finished
// games is read in seconds. A libpq result is held whole in memory, so there
// the log is read table by table (one prepared statement, run once per table).
template <NodePolicy Nodes>
void SqlRecords<Nodes>::each_started_game(std::optional<std::int64_t> table_id, const GameVisitor& visit) {
  auto tables = db_.prepare(std::string(kStartedTables) + (table_id ? " AND id = ?" : " ORDER BY id"));
  if (table_id) tables.bind(1, *table_id);
  std::vector<MoveRecord> log;
  if constexpr (Connection::kStreamsRows) {
    auto moves = db_.prepare(
        table_id ? "SELECT table_id, move_number, seat, action_json, state_hash FROM moves WHERE table_id = ? "
                   "ORDER BY move_number"
                 : "SELECT table_id, move_number, seat, action_json, state_hash FROM moves ORDER BY table_id, move_number");
    if (table_id) moves.bind(1, *table_id);
    bool more = moves.step();
    while (tables.step()) {
      const TableRecord table = read_started_table(tables);
      // Moves of tables that are not visited (open ones) are passed over.
      while (more && moves.column_int(0) < table.id) more = moves.step();
      log.clear();
      while (more && moves.column_int(0) == table.id) {
        log.push_back(read_logged_move(moves));
        more = moves.step();
      }
      visit(table, log);
    }
  } else {
    while (tables.step()) {
      const TableRecord table = read_started_table(tables);
      auto moves = db_.prepare(
          "SELECT table_id, move_number, seat, action_json, state_hash FROM moves WHERE table_id = ? "
          "ORDER BY move_number");
      moves.bind(1, table.id);
      log.clear();
      while (moves.step()) log.push_back(read_logged_move(moves));
      visit(table, log);
    }
  }
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::log_admin_action(const AdminAction& a) {
  auto s = db_.prepare(
      "INSERT INTO admin_actions (at, who, user_id, address, request, table_id, arguments, outcome) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  s.bind(1, a.at).bind(2, a.who);
  if (a.user_id) {
    s.bind(3, *a.user_id);
  } else {
    s.bind_null(3);
  }
  if (a.address.empty()) {
    s.bind_null(4);
  } else {
    s.bind(4, a.address);
  }
  s.bind(5, a.request);
  if (a.table) {
    s.bind(6, *a.table);
  } else {
    s.bind_null(6);
  }
  s.bind(7, a.arguments_json).bind(8, a.outcome).run();
}

template <NodePolicy Nodes>
std::vector<AdminAction> SqlRecords<Nodes>::list_admin_actions(std::optional<std::int64_t> table, int limit) {
  auto s = db_.prepare(
      "SELECT id, at, who, user_id, coalesce(address, ''), request, table_id, arguments, outcome FROM admin_actions "
      "WHERE CAST(?1 AS BIGINT) IS NULL OR table_id = ?1 ORDER BY id DESC LIMIT ?2");
  if (table) {
    s.bind(1, *table);
  } else {
    s.bind_null(1);
  }
  s.bind(2, static_cast<std::int64_t>(limit));
  std::vector<AdminAction> out;
  while (s.step()) {
    AdminAction a;
    a.id = s.column_int(0);
    a.at = s.column_int(1);
    a.who = s.column_text(2);
    if (!s.column_is_null(3)) a.user_id = s.column_int(3);
    a.address = s.column_text(4);
    a.request = s.column_text(5);
    if (!s.column_is_null(6)) a.table = s.column_int(6);
    a.arguments_json = s.column_text(7);
    a.outcome = s.column_text(8);
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace sp::server
