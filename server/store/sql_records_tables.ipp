// The records' accounts, sessions, tables and seats, the move log, snapshots
// and chat (sql_records.hpp).
#include <algorithm>

#include "server/store/sql_columns.hpp"
#include "server/store/sql_records.hpp"

namespace sp::server {

namespace {

constexpr const char* kTableColumns =
    "t.id, t.name, t.creator_id, u.name, t.status, t.player_count, t.options_json, t.seed, t.card_set_version, "
    "t.rules_version, t.move_count, coalesce(t.state_hash, ''), t.created_at, t.move_seconds, t.takeover_after, "
    "coalesce(t.takeover_by, 'robot'), t.deadline_at, t.deadline_left, t.deal_secret, t.invite_code, t.abort_reason, "
    "t.bank_initial, t.bank_increment, t.bank_cap, t.clock_seat, t.clock_since, t.floating_vacation, t.timeout_vote, "
    "t.tournament_id, t.tournament_round, t.tournament_table, t.shared_deal, "
    // A duplicate round's table keeps its deal withheld until its round is finished.
    "CASE WHEN t.shared_deal IS NULL OR t.tournament_id IS NULL THEN 0 WHEN EXISTS (SELECT 1 FROM tournament_rounds r "
    "WHERE r.tournament_id = t.tournament_id AND r.round = t.tournament_round AND r.status = 'finished') "
    "THEN 0 ELSE 1 END, t.league_id, t.league_season, t.league_division";

std::optional<protocol::DealBytes> optional_deal_bytes(const auto& s, int index) {
  if (s.column_is_null(index)) return std::nullopt;
  return protocol::deal_bytes_from_hex(s.column_text(index));
}

// A duplicate round's contributions as game_tables.shared_deal holds them:
// hex, comma-separated.
std::string shared_deal_text(const SharedDeal& deal) {
  std::string text;
  for (const protocol::DealBytes& given : deal.contributions) {
    if (!text.empty()) text += ',';
    text += protocol::to_hex(given);
  }
  return text;
}

SharedDeal read_shared_deal(const std::string& text, bool withheld) {
  SharedDeal deal{{}, withheld};
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    if (const auto given = protocol::deal_bytes_from_hex(std::string_view(text).substr(at, comma - at))) {
      deal.contributions.push_back(*given);
    }
    at = comma + 1;
  }
  return deal;
}

void bind_deal_bytes(auto& s, int index, const std::optional<protocol::DealBytes>& bytes) {
  if (bytes) {
    s.bind(index, protocol::to_hex(*bytes));
  } else {
    s.bind_null(index);
  }
}

TableRecord read_table(const auto& s) {
  TableRecord t;
  t.id = s.column_int(0);
  t.name = s.column_text(1);
  t.creator_id = s.column_int(2);
  t.creator_name = s.column_text(3);
  t.status = parse_table_status(s.column_text(4)).value_or(TableStatus::kAborted);
  t.player_count = static_cast<int>(s.column_int(5));
  t.options_json = s.column_text(6);
  t.seed = static_cast<std::uint64_t>(s.column_int(7));
  t.card_set_version = s.column_text(8);
  t.rules_version = static_cast<int>(s.column_int(9));
  t.move_count = s.column_int(10);
  t.state_hash = s.column_text(11);
  t.created_at = s.column_int(12);
  t.move_seconds = optional_int(s, 13);
  if (const auto after = optional_int(s, 14)) t.takeover_after = static_cast<int>(*after);
  t.takeover_by = parse_seat_controller(s.column_text(15)).value_or(SeatController::kRobot);
  t.deadline_at = optional_int(s, 16);
  t.deadline_left = optional_int(s, 17);
  t.deal_secret = optional_deal_bytes(s, 18);
  if (!s.column_is_null(19)) t.invite_code = s.column_text(19);
  if (!s.column_is_null(20)) t.abort_reason = s.column_text(20);
  if (!s.column_is_null(21)) t.time_bank = TimeBankRecord{s.column_int(21), s.column_int(22), s.column_int(23)};
  if (const auto seat = optional_int(s, 24)) t.clock_seat = static_cast<int>(*seat);
  t.clock_since = optional_int(s, 25);
  t.floating_vacation = s.column_int(26) != 0;
  t.timeout_vote = s.column_int(27) != 0;
  if (!s.column_is_null(28)) {
    t.tournament = TableInTournament{s.column_int(28), static_cast<int>(s.column_int(29)), static_cast<int>(s.column_int(30))};
  }
  if (!s.column_is_null(31)) t.shared_deal = read_shared_deal(s.column_text(31), s.column_int(32) != 0);
  if (!s.column_is_null(33)) {
    t.league = TableInLeague{s.column_int(33), static_cast<int>(s.column_int(34)), static_cast<int>(s.column_int(35))};
  }
  return t;
}

void load_seats(auto& db, TableRecord& table) {
  auto s = db.prepare(
      "SELECT s.seat, s.user_id, u.name, s.controller, s.timeouts, u.is_robot, s.standing_orders, s.contribution, "
      "u.is_bot, s.robot_level, s.clock_left "
      "FROM seats s "
      "JOIN users u ON u.id = s.user_id WHERE s.table_id = ? ORDER BY s.seat");
  s.bind(1, table.id);
  while (s.step()) {
    table.seats.push_back(SeatRecord{static_cast<int>(s.column_int(0)), s.column_int(1), s.column_text(2),
                                     parse_seat_controller(s.column_text(3)).value_or(SeatController::kHuman),
                                     static_cast<int>(s.column_int(4)), s.column_int(5) != 0, s.column_text(6),
                                     optional_deal_bytes(s, 7)});
    table.seats.back().bot = s.column_int(8) != 0;
    if (!s.column_is_null(9)) table.seats.back().robot_level = static_cast<engine::RobotLevel>(s.column_int(9));
    table.seats.back().clock_left = optional_int(s, 10);
  }
  const bool bot_seated = std::any_of(table.seats.begin(), table.seats.end(), [](const SeatRecord& seat) { return seat.bot; });
  const RatingPool pool = pool_for(table.player_count, bot_seated);
  for (SeatRecord& seat : table.seats) {
    if (!seat.robot_level) continue;
    auto rating = db.prepare(
        "SELECT r.mu, r.sigma, r.games FROM ratings r JOIN users u ON u.id = r.user_id "
        "WHERE u.robot_level = ? AND r.pool = ?");
    rating.bind(1, static_cast<std::int64_t>(*seat.robot_level)).bind(2, to_string(pool));
    if (rating.step()) {
      seat.robot_rating = RatingRecord{rating.column_real(0), rating.column_real(1), static_cast<int>(rating.column_int(2))};
    }
  }
}

std::vector<TableRecord> read_tables(auto& db, auto& s) {
  std::vector<TableRecord> tables;
  while (s.step()) tables.push_back(read_table(s));
  for (TableRecord& t : tables) load_seats(db, t);
  return tables;
}

}  // namespace

template <NodePolicy Nodes>
std::optional<UserRecord> SqlRecords<Nodes>::find_user_by_name(const std::string& name) {
  static const std::string sql =
      std::string("SELECT id, name, password_hash, is_bot FROM users WHERE ") + Nodes::kClauses.same_name;
  auto s = db_.prepare(sql);
  s.bind(1, name);
  if (!s.step()) return std::nullopt;
  return UserRecord{s.column_int(0), s.column_text(1), s.column_text(2), s.column_int(3) != 0};
}

template <NodePolicy Nodes>
std::int64_t SqlRecords<Nodes>::insert_user(const std::string& name, const std::string& password_hash, std::int64_t now) {
  return db_.prepare("INSERT INTO users (name, password_hash, created_at) VALUES (?, ?, ?) RETURNING id")
      .bind(1, name)
      .bind(2, password_hash)
      .bind(3, now)
      .returned_id();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::insert_session(const std::string& token_hash, std::int64_t user_id, std::int64_t now,
                                   std::int64_t expires_at) {
  db_.prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
      .bind(1, token_hash)
      .bind(2, user_id)
      .bind(3, now)
      .bind(4, expires_at)
      .run();
}

template <NodePolicy Nodes>
std::optional<UserRecord> SqlRecords<Nodes>::find_session_user(const std::string& token_hash, std::int64_t now) {
  auto s = db_.prepare(
      "SELECT u.id, u.name, u.password_hash, u.is_bot FROM sessions s JOIN users u ON u.id = s.user_id "
      "WHERE s.token_hash = ? AND s.expires_at > ?");
  s.bind(1, token_hash).bind(2, now);
  if (!s.step()) return std::nullopt;
  return UserRecord{s.column_int(0), s.column_text(1), s.column_text(2), s.column_int(3) != 0};
}

template <NodePolicy Nodes>
std::optional<std::int64_t> SqlRecords<Nodes>::session_expires_at(const std::string& token_hash) {
  auto s = db_.prepare("SELECT expires_at FROM sessions WHERE token_hash = ?");
  s.bind(1, token_hash);
  if (!s.step()) return std::nullopt;
  return s.column_int(0);
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::delete_session(const std::string& token_hash) {
  db_.prepare("DELETE FROM sessions WHERE token_hash = ?").bind(1, token_hash).run();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::delete_user_sessions(std::int64_t user_id, const std::string& keep) {
  db_.prepare("DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?").bind(1, user_id).bind(2, keep).run();
}

template <NodePolicy Nodes>
std::optional<UserRecord> SqlRecords<Nodes>::find_user(std::int64_t user_id) {
  auto s = db_.prepare("SELECT id, name, password_hash, is_bot FROM users WHERE id = ?");
  s.bind(1, user_id);
  if (!s.step()) return std::nullopt;
  return UserRecord{s.column_int(0), s.column_text(1), s.column_text(2), s.column_int(3) != 0};
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::flag_bot(std::int64_t user_id) {
  db_.prepare("UPDATE users SET is_bot = 1 WHERE id = ?").bind(1, user_id).run();
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::has_sat_at_tables(std::int64_t user_id) {
  auto s = db_.prepare("SELECT 1 FROM seats WHERE user_id = ? LIMIT 1");
  s.bind(1, user_id);
  return s.step();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::set_password_hash(std::int64_t user_id, const std::string& password_hash) {
  db_.prepare("UPDATE users SET password_hash = ? WHERE id = ?").bind(1, password_hash).bind(2, user_id).run();
}

template <NodePolicy Nodes>
int SqlRecords<Nodes>::delete_expired_sessions(std::int64_t now, int limit) {
  db_.prepare(
        "DELETE FROM sessions WHERE token_hash IN "
        "(SELECT token_hash FROM sessions WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)")
      .bind(1, now)
      .bind(2, limit)
      .run();
  return db_.changes();
}

template <NodePolicy Nodes>
std::int64_t SqlRecords<Nodes>::insert_table(const TableRecord& t, std::int64_t now) {
  auto insert = db_.prepare(
      "INSERT INTO game_tables (name, creator_id, status, player_count, options_json, seed, card_set_version, "
      "rules_version, move_count, created_at, updated_at, deal_secret, invite_code, tournament_id, tournament_round, "
      "tournament_table, shared_deal, league_id, league_season, league_division) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id");
  insert.bind(1, t.name)
      .bind(2, t.creator_id)
      .bind(3, to_string(t.status))
      .bind(4, static_cast<std::int64_t>(t.player_count))
      .bind(5, t.options_json)
      .bind(6, static_cast<std::int64_t>(t.seed))
      .bind(7, t.card_set_version)
      .bind(8, static_cast<std::int64_t>(t.rules_version))
      .bind(9, now)
      .bind(10, now);
  bind_deal_bytes(insert, 11, t.deal_secret);
  if (t.invite_code) {
    insert.bind(12, *t.invite_code);
  } else {
    insert.bind_null(12);
  }
  if (t.tournament) {
    insert.bind(13, t.tournament->id)
        .bind(14, static_cast<std::int64_t>(t.tournament->round))
        .bind(15, static_cast<std::int64_t>(t.tournament->number));
  } else {
    insert.bind_null(13).bind_null(14).bind_null(15);
  }
  if (t.shared_deal) {
    insert.bind(16, shared_deal_text(*t.shared_deal));
  } else {
    insert.bind_null(16);
  }
  if (t.league) {
    insert.bind(17, t.league->id)
        .bind(18, static_cast<std::int64_t>(t.league->season))
        .bind(19, static_cast<std::int64_t>(t.league->division));
  } else {
    insert.bind_null(17).bind_null(18).bind_null(19);
  }
  return insert.returned_id();
}

template <NodePolicy Nodes>
std::optional<TableRecord> SqlRecords<Nodes>::load_table(std::int64_t id) {
  auto s = db_.prepare(std::string("SELECT ") + kTableColumns +
                       " FROM game_tables t JOIN users u ON u.id = t.creator_id WHERE t.id = ?");
  s.bind(1, id);
  if (!s.step()) return std::nullopt;
  TableRecord table = read_table(s);
  load_seats(db_, table);
  return table;
}

template <NodePolicy Nodes>
std::vector<TableRecord> SqlRecords<Nodes>::list_tables(TableStatus status, int limit) {
  auto s = db_.prepare(std::string("SELECT ") + kTableColumns +
                       " FROM game_tables t JOIN users u ON u.id = t.creator_id WHERE t.status = ? "
                       "ORDER BY t.id DESC LIMIT ?");
  s.bind(1, to_string(status)).bind(2, static_cast<std::int64_t>(limit));
  return read_tables(db_, s);
}

template <NodePolicy Nodes>
std::vector<TableRecord> SqlRecords<Nodes>::tables_of_user(std::int64_t user_id) {
  auto s = db_.prepare(std::string("SELECT ") + kTableColumns +
                       " FROM game_tables t JOIN users u ON u.id = t.creator_id WHERE t.id IN "
                       "(SELECT table_id FROM seats WHERE user_id = ?1 UNION SELECT table_id FROM invitations "
                       "WHERE user_id = ?1) ORDER BY t.updated_at DESC LIMIT 500");
  s.bind(1, user_id);
  return read_tables(db_, s);
}

template <NodePolicy Nodes>
std::vector<TableRecord> SqlRecords<Nodes>::seated_tables(std::int64_t user_id) {
  auto s = db_.prepare(std::string("SELECT ") + kTableColumns +
                       " FROM game_tables t JOIN users u ON u.id = t.creator_id WHERE t.id IN "
                       "(SELECT table_id FROM seats WHERE user_id = ?) ORDER BY t.id");
  s.bind(1, user_id);
  return read_tables(db_, s);
}

template <NodePolicy Nodes>
std::vector<std::int64_t> SqlRecords<Nodes>::table_ids_with_status(TableStatus status) {
  auto s = db_.prepare("SELECT id FROM game_tables WHERE status = ? ORDER BY id");
  s.bind(1, to_string(status));
  std::vector<std::int64_t> ids;
  while (s.step()) ids.push_back(s.column_int(0));
  return ids;
}

template <NodePolicy Nodes>
std::vector<std::int64_t> SqlRecords<Nodes>::started_table_ids() {
  auto s = db_.prepare("SELECT id FROM game_tables WHERE status <> 'open' ORDER BY id");
  std::vector<std::int64_t> ids;
  while (s.step()) ids.push_back(s.column_int(0));
  return ids;
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::insert_seat(std::int64_t table_id, int seat, std::int64_t user_id) {
  db_.prepare("INSERT INTO seats (table_id, seat, user_id) VALUES (?, ?, ?)")
      .bind(1, table_id)
      .bind(2, static_cast<std::int64_t>(seat))
      .bind(3, user_id)
      .run();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::set_seat_contribution(std::int64_t table_id, int seat,
                                          const std::optional<protocol::DealBytes>& contribution) {
  auto update = db_.prepare("UPDATE seats SET contribution = ? WHERE table_id = ? AND seat = ?");
  bind_deal_bytes(update, 1, contribution);
  update.bind(2, table_id).bind(3, static_cast<std::int64_t>(seat)).run();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::delete_seat(std::int64_t table_id, std::int64_t user_id) {
  db_.prepare("DELETE FROM seats WHERE table_id = ? AND user_id = ?").bind(1, table_id).bind(2, user_id).run();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::start_table(std::int64_t table_id, std::uint64_t seed, const std::string& state_hash,
                                std::int64_t now) {
  db_.prepare("UPDATE game_tables SET status = 'playing', seed = ?, state_hash = ?, updated_at = ? WHERE id = ?")
      .bind(1, static_cast<std::int64_t>(seed))
      .bind(2, state_hash)
      .bind(3, now)
      .bind(4, table_id)
      .run();
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::is_invited(std::int64_t table_id, std::int64_t user_id) {
  auto s = db_.prepare("SELECT 1 FROM invitations WHERE table_id = ? AND user_id = ?");
  s.bind(1, table_id).bind(2, user_id);
  return s.step();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::insert_invitation(std::int64_t table_id, std::int64_t user_id, std::int64_t invited_by,
                                      std::int64_t now) {
  db_.prepare(
        "INSERT INTO invitations (table_id, user_id, invited_by, created_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT DO NOTHING")
      .bind(1, table_id)
      .bind(2, user_id)
      .bind(3, invited_by)
      .bind(4, now)
      .run();
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::abort_table(std::int64_t table_id, std::int64_t now, std::optional<TableStatus> only_if,
                                    const std::optional<std::string>& reason) {
  auto s = db_.prepare(only_if ? "UPDATE game_tables SET status = 'aborted', abort_reason = ?, updated_at = ? "
                                 "WHERE id = ? AND status = ?"
                               : "UPDATE game_tables SET status = 'aborted', abort_reason = ?, updated_at = ? WHERE id = ?");
  if (reason) {
    s.bind(1, *reason);
  } else {
    s.bind_null(1);
  }
  s.bind(2, now).bind(3, table_id);
  if (only_if) s.bind(4, to_string(*only_if));
  s.run();
  return db_.changes() > 0;
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::set_imported_table_status(std::int64_t table_id, TableStatus status, std::int64_t created_at) {
  db_.prepare("UPDATE game_tables SET status = ?, created_at = ? WHERE id = ?")
      .bind(1, to_string(status))
      .bind(2, created_at)
      .bind(3, table_id)
      .run();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::tell_followers(std::int64_t table_id, std::int64_t moves_before) {
  Nodes::tell_followers(db_, table_id, moves_before);
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::check_lease(std::int64_t table_id, const LeaseFence& fence) {
  Nodes::check_lease(db_, table_id, fence);
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::append_move(std::int64_t table_id, const MoveRecord& move, TableStatus status) {
  db_.prepare(
        "INSERT INTO moves (table_id, move_number, seat, action_json, created_at, state_hash, actor) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)")
      .bind(1, table_id)
      .bind(2, move.move_number)
      .bind(3, static_cast<std::int64_t>(move.seat))
      .bind(4, move.action_json)
      .bind(5, move.created_at)
      .bind(6, move.state_hash)
      .bind(7, to_string(move.actor))
      .send();
  if constexpr (Connection::kAssignRewritesIndexes) {
    db_.prepare("UPDATE game_tables SET move_count = ?, state_hash = ?, updated_at = ? WHERE id = ?")
        .bind(1, move.move_number)
        .bind(2, move.state_hash)
        .bind(3, move.created_at)
        .bind(4, table_id)
        .send();
    // Apart: assigning status, even its own value, would rewrite its entry in
    // game_tables_by_status, one more page in every move's commit; the status
    // changes only at a game's last move.
    db_.prepare("UPDATE game_tables SET status = ? WHERE id = ? AND status <> ?")
        .bind(1, to_string(status))
        .bind(2, table_id)
        .bind(3, to_string(status))
        .send();
  } else {
    db_.prepare("UPDATE game_tables SET move_count = ?, state_hash = ?, status = ?, updated_at = ? WHERE id = ?")
        .bind(1, move.move_number)
        .bind(2, move.state_hash)
        .bind(3, to_string(status))
        .bind(4, move.created_at)
        .bind(5, table_id)
        .send();
  }
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::replace_snapshot(std::int64_t table_id, const SnapshotRecord& snapshot) {
  db_.prepare("INSERT INTO snapshots (table_id, move_number, state) VALUES (?, ?, ?) "
              "ON CONFLICT (table_id, move_number) DO UPDATE SET state = excluded.state")
      .bind(1, table_id)
      .bind(2, snapshot.move_number)
      .bind_blob(3, snapshot.state)
      .send();
  db_.prepare("DELETE FROM snapshots WHERE table_id = ? AND move_number < ?")
      .bind(1, table_id)
      .bind(2, snapshot.move_number)
      .send();
}

template <NodePolicy Nodes>
std::optional<SnapshotRecord> SqlRecords<Nodes>::load_latest_snapshot(std::int64_t table_id) {
  auto s = db_.prepare(
      "SELECT move_number, state FROM snapshots WHERE table_id = ? ORDER BY move_number DESC LIMIT 1");
  s.bind(1, table_id);
  if (!s.step()) return std::nullopt;
  return SnapshotRecord{s.column_int(0), s.column_blob(1)};
}

template <NodePolicy Nodes>
std::vector<MoveRecord> SqlRecords<Nodes>::load_moves(std::int64_t table_id) {
  return load_moves_after(table_id, 0);
}

template <NodePolicy Nodes>
std::vector<MoveRecord> SqlRecords<Nodes>::load_moves_after(std::int64_t table_id, std::int64_t after_move) {
  auto s = db_.prepare(
      "SELECT move_number, seat, action_json, state_hash, created_at, actor FROM moves "
      "WHERE table_id = ? AND move_number > ? ORDER BY move_number");
  s.bind(1, table_id);
  s.bind(2, after_move);
  std::vector<MoveRecord> moves;
  while (s.step()) {
    moves.push_back(MoveRecord{s.column_int(0), static_cast<int>(s.column_int(1)), s.column_text(2),
                               s.column_text(3), s.column_int(4), parse_actor(s.column_text(5))});
  }
  return moves;
}

template <NodePolicy Nodes>
std::int64_t SqlRecords<Nodes>::insert_chat(std::int64_t table_id, std::int64_t user_id, const std::string& text,
                                        std::int64_t now) {
  return db_.prepare("INSERT INTO chat (table_id, user_id, text, created_at) VALUES (?, ?, ?, ?) RETURNING id")
      .bind(1, table_id)
      .bind(2, user_id)
      .bind(3, text)
      .bind(4, now)
      .returned_id();
}

template <NodePolicy Nodes>
ChatPage SqlRecords<Nodes>::chat_page(std::int64_t table_id, std::optional<std::int64_t> before, int limit) {
  // Newest first through chat_by_table, one line more than asked: its presence
  // is what `more` reports.
  auto s = db_.prepare(
      "SELECT c.id, u.name, c.text, c.created_at FROM chat c JOIN users u ON u.id = c.user_id "
      "WHERE c.table_id = ? AND c.id < ? ORDER BY c.id DESC LIMIT ?");
  s.bind(1, table_id).bind(2, before.value_or(INT64_MAX)).bind(3, std::int64_t{limit} + 1);
  std::vector<ChatLine> newest;
  while (s.step()) newest.push_back(ChatLine{s.column_int(0), s.column_text(1), s.column_text(2), s.column_int(3)});
  ChatPage page;
  page.more = static_cast<int>(newest.size()) > limit;
  if (page.more) newest.pop_back();
  page.lines.assign(newest.rbegin(), newest.rend());
  return page;
}

}  // namespace sp::server
