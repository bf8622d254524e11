// The records' tournaments: the tournament, its players, rounds and byes, and
// its tables and their results as the standings read them (sql_records.hpp;
// schema/0023_tournaments.sql).
#include "server/store/sql_columns.hpp"
#include "server/store/sql_records.hpp"

namespace sp::server {

namespace {

constexpr const char* kTournamentColumns =
    "t.id, t.name, t.creator_id, u.name, t.status, t.format, t.rounds, t.table_players, t.table_request, "
    "t.duplicate, t.group_size, t.advance, t.min_rating, t.max_timeout_rate, t.invitation_only, t.max_players, "
    "t.registration_closes_at, t.starts_at, t.finish_by, t.current_round, t.created_at, t.finished_at, "
    "t.projected_finish, "
    "(SELECT count(*) FROM tournament_players p WHERE p.tournament_id = t.id AND p.left_at IS NULL) "
    "FROM tournaments t JOIN users u ON u.id = t.creator_id ";

std::optional<int> optional_small(const auto& s, int index) {
  if (s.column_is_null(index)) return std::nullopt;
  return static_cast<int>(s.column_int(index));
}

std::optional<double> optional_real(const auto& s, int index) {
  if (s.column_is_null(index)) return std::nullopt;
  return s.column_real(index);
}

std::optional<std::int64_t> widened(std::optional<int> value) {
  if (!value) return std::nullopt;
  return *value;
}

TournamentRecord read_tournament(const auto& s) {
  TournamentRecord t;
  t.id = s.column_int(0);
  t.name = s.column_text(1);
  t.creator_id = s.column_int(2);
  t.creator_name = s.column_text(3);
  t.status = protocol::parse_tournament_status(s.column_text(4)).value_or(TournamentStatus::kCancelled);
  t.format = protocol::parse_tournament_format(s.column_text(5)).value_or(TournamentFormat::kSwiss);
  t.rounds = static_cast<int>(s.column_int(6));
  t.table_players = static_cast<int>(s.column_int(7));
  t.table_request = s.column_text(8);
  t.duplicate = s.column_int(9) != 0;
  t.group_size = optional_small(s, 10);
  t.advance = optional_small(s, 11);
  t.min_rating = optional_real(s, 12);
  t.max_timeout_rate = optional_real(s, 13);
  t.invitation_only = s.column_int(14) != 0;
  t.max_players = optional_small(s, 15);
  t.registration_closes_at = s.column_int(16);
  t.starts_at = s.column_int(17);
  t.finish_by = optional_int(s, 18);
  t.current_round = static_cast<int>(s.column_int(19));
  t.created_at = s.column_int(20);
  t.finished_at = optional_int(s, 21);
  t.projected_finish = optional_int(s, 22);
  t.registered = static_cast<int>(s.column_int(23));
  return t;
}

}  // namespace

template <NodePolicy Nodes>
std::int64_t SqlRecords<Nodes>::insert_tournament(const TournamentRecord& t) {
  auto s = db_.prepare(
      "INSERT INTO tournaments (name, creator_id, status, format, rounds, table_players, table_request, duplicate, "
      "group_size, advance, min_rating, max_timeout_rate, invitation_only, max_players, registration_closes_at, "
      "starts_at, finish_by, current_round, created_at, projected_finish) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?) RETURNING id");
  s.bind(1, t.name)
      .bind(2, t.creator_id)
      .bind(3, to_string(t.status))
      .bind(4, to_string(t.format))
      .bind(5, static_cast<std::int64_t>(t.rounds))
      .bind(6, static_cast<std::int64_t>(t.table_players))
      .bind(7, t.table_request)
      .bind(8, std::int64_t{t.duplicate ? 1 : 0});
  bind_optional(s, 9, widened(t.group_size));
  bind_optional(s, 10, widened(t.advance));
  bind_optional(s, 11, t.min_rating);
  bind_optional(s, 12, t.max_timeout_rate);
  s.bind(13, std::int64_t{t.invitation_only ? 1 : 0});
  bind_optional(s, 14, widened(t.max_players));
  s.bind(15, t.registration_closes_at).bind(16, t.starts_at);
  bind_optional(s, 17, t.finish_by);
  s.bind(18, t.created_at);
  bind_optional(s, 19, t.projected_finish);
  return s.returned_id();
}

template <NodePolicy Nodes>
std::optional<TournamentRecord> SqlRecords<Nodes>::load_tournament(std::int64_t id) {
  auto s = db_.prepare(std::string("SELECT ") + kTournamentColumns + "WHERE t.id = ?");
  s.bind(1, id);
  if (!s.step()) return std::nullopt;
  return read_tournament(s);
}

template <NodePolicy Nodes>
std::vector<TournamentRecord> SqlRecords<Nodes>::list_tournaments(const std::vector<TournamentStatus>& statuses,
                                                                  int limit) {
  // At most the four statuses: one statement text per count, each prepared once.
  std::string sql = std::string("SELECT ") + kTournamentColumns + "WHERE t.status IN (";
  for (std::size_t i = 0; i < statuses.size(); ++i) sql += i == 0 ? "?" : ", ?";
  sql += ") ORDER BY t.id DESC LIMIT ?";
  auto s = db_.prepare(sql);
  int at = 1;
  for (TournamentStatus status : statuses) s.bind(at++, to_string(status));
  s.bind(at, static_cast<std::int64_t>(limit));
  std::vector<TournamentRecord> out;
  while (s.step()) out.push_back(read_tournament(s));
  return out;
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::register_player(std::int64_t tournament_id, std::int64_t user_id, std::int64_t now) {
  db_.prepare(
         "INSERT INTO tournament_players (tournament_id, user_id, registered_at) VALUES (?, ?, ?) "
         "ON CONFLICT (tournament_id, user_id) DO NOTHING")
      .bind(1, tournament_id)
      .bind(2, user_id)
      .bind(3, now)
      .run();
  return db_.changes() == 1;
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::unregister_player(std::int64_t tournament_id, std::int64_t user_id) {
  db_.prepare("DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?")
      .bind(1, tournament_id)
      .bind(2, user_id)
      .run();
  return db_.changes() == 1;
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::mark_player_left(std::int64_t tournament_id, std::int64_t user_id, LeftHow how,
                                         const std::optional<std::string>& reason, std::int64_t now) {
  auto s = db_.prepare(
      "UPDATE tournament_players SET left_at = ?, left_how = ?, left_reason = ? "
      "WHERE tournament_id = ? AND user_id = ? AND left_at IS NULL");
  s.bind(1, now).bind(2, to_string(how));
  if (reason) {
    s.bind(3, *reason);
  } else {
    s.bind_null(3);
  }
  s.bind(4, tournament_id).bind(5, user_id).run();
}

template <NodePolicy Nodes>
std::vector<TournamentPlayerRecord> SqlRecords<Nodes>::tournament_players(std::int64_t tournament_id) {
  auto s = db_.prepare(
      "SELECT p.user_id, u.name, p.registered_at, p.seed_rating, p.left_at, p.left_how, p.left_reason "
      "FROM tournament_players p JOIN users u ON u.id = p.user_id WHERE p.tournament_id = ? "
      "ORDER BY p.registered_at, p.user_id");
  s.bind(1, tournament_id);
  std::vector<TournamentPlayerRecord> out;
  while (s.step()) {
    TournamentPlayerRecord p;
    p.user_id = s.column_int(0);
    p.name = s.column_text(1);
    p.registered_at = s.column_int(2);
    p.seed_rating = optional_real(s, 3);
    p.left_at = optional_int(s, 4);
    if (!s.column_is_null(5)) p.left_how = parse_left_how(s.column_text(5));
    if (!s.column_is_null(6)) p.left_reason = s.column_text(6);
    out.push_back(std::move(p));
  }
  return out;
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::set_seed_rating(std::int64_t tournament_id, std::int64_t user_id,
                                        std::optional<double> rating) {
  auto s = db_.prepare("UPDATE tournament_players SET seed_rating = ? WHERE tournament_id = ? AND user_id = ?");
  bind_optional(s, 1, rating);
  s.bind(2, tournament_id).bind(3, user_id).run();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::set_tournament_rounds(std::int64_t tournament_id, int rounds) {
  db_.prepare("UPDATE tournaments SET rounds = ? WHERE id = ?")
      .bind(1, static_cast<std::int64_t>(rounds))
      .bind(2, tournament_id)
      .run();
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::start_round(std::int64_t tournament_id, int round, std::int64_t now) {
  // The claim: one UPDATE of the tournament's row, which PostgreSQL holds
  // locked until this transaction ends; a second node's UPDATE waits for it,
  // then finds current_round moved on and changes nothing.
  db_.prepare(
         "UPDATE tournaments SET current_round = ?, status = 'playing' "
         "WHERE id = ? AND current_round = ? AND status IN ('registering', 'playing')")
      .bind(1, static_cast<std::int64_t>(round))
      .bind(2, tournament_id)
      .bind(3, static_cast<std::int64_t>(round - 1))
      .run();
  if (db_.changes() != 1) return false;
  db_.prepare("INSERT INTO tournament_rounds (tournament_id, round, status, started_at) VALUES (?, ?, 'playing', ?)")
      .bind(1, tournament_id)
      .bind(2, static_cast<std::int64_t>(round))
      .bind(3, now)
      .run();
  return true;
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::invite_to_tournament(std::int64_t tournament_id, std::int64_t user_id, std::int64_t by,
                                             std::int64_t now) {
  db_.prepare(
         "INSERT INTO tournament_invitations (tournament_id, user_id, invited_by, invited_at) VALUES (?, ?, ?, ?) "
         "ON CONFLICT (tournament_id, user_id) DO NOTHING")
      .bind(1, tournament_id)
      .bind(2, user_id)
      .bind(3, by)
      .bind(4, now)
      .run();
  return db_.changes() == 1;
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::invited_to_tournament(std::int64_t tournament_id, std::int64_t user_id) {
  auto s = db_.prepare("SELECT 1 FROM tournament_invitations WHERE tournament_id = ? AND user_id = ?");
  s.bind(1, tournament_id).bind(2, user_id);
  return s.step();
}

template <NodePolicy Nodes>
std::vector<std::string> SqlRecords<Nodes>::tournament_invitees(std::int64_t tournament_id) {
  auto s = db_.prepare(
      "SELECT u.name FROM tournament_invitations i JOIN users u ON u.id = i.user_id "
      "WHERE i.tournament_id = ? ORDER BY i.invited_at, u.name");
  s.bind(1, tournament_id);
  std::vector<std::string> names;
  while (s.step()) names.push_back(s.column_text(0));
  return names;
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::claim_closing_notice(std::int64_t tournament_id) {
  db_.prepare(
         "UPDATE tournaments SET closing_noticed = 1 "
         "WHERE id = ? AND closing_noticed = 0 AND status = 'registering'")
      .bind(1, tournament_id)
      .run();
  return db_.changes() == 1;
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::draw_tournament_deal(std::int64_t tournament_id, int round, const protocol::DealBytes& secret,
                                             std::int64_t now) {
  db_.prepare(
         "INSERT INTO tournament_deals (tournament_id, round, secret, drawn_at) VALUES (?, ?, ?, ?) "
         "ON CONFLICT (tournament_id, round) DO NOTHING")
      .bind(1, tournament_id)
      .bind(2, static_cast<std::int64_t>(round))
      .bind(3, protocol::to_hex(secret))
      .bind(4, now)
      .run();
}

template <NodePolicy Nodes>
std::vector<TournamentDealRecord> SqlRecords<Nodes>::tournament_deals(std::int64_t tournament_id) {
  std::vector<TournamentDealRecord> out;
  auto deals = db_.prepare("SELECT round, secret, drawn_at FROM tournament_deals WHERE tournament_id = ? ORDER BY round");
  deals.bind(1, tournament_id);
  while (deals.step()) {
    TournamentDealRecord d;
    d.round = static_cast<int>(deals.column_int(0));
    d.secret = protocol::deal_bytes_from_hex(deals.column_text(1)).value_or(protocol::DealBytes{});
    d.drawn_at = deals.column_int(2);
    out.push_back(std::move(d));
  }
  auto given = db_.prepare(
      "SELECT c.round, c.user_id, u.name, c.contribution, c.given_at FROM tournament_deal_contributions c "
      "JOIN users u ON u.id = c.user_id WHERE c.tournament_id = ? ORDER BY c.round, c.given_at, c.user_id");
  given.bind(1, tournament_id);
  while (given.step()) {
    const int round = static_cast<int>(given.column_int(0));
    const auto deal = std::find_if(out.begin(), out.end(), [round](const TournamentDealRecord& d) { return d.round == round; });
    if (deal == out.end()) continue;
    deal->contributions.push_back(TournamentDealRecord::Contribution{
        given.column_int(1), given.column_text(2),
        protocol::deal_bytes_from_hex(given.column_text(3)).value_or(protocol::DealBytes{}), given.column_int(4)});
  }
  return out;
}

template <NodePolicy Nodes>
ContributionOutcome SqlRecords<Nodes>::add_deal_contribution(std::int64_t tournament_id, int round, std::int64_t user_id,
                                                             const protocol::DealBytes& contribution, std::int64_t now) {
  // Takes the tournament's row as start_round does: a round's start that
  // committed first is seen here, and one that comes later sees this row.
  db_.prepare(
         "UPDATE tournaments SET current_round = current_round "
         "WHERE id = ? AND current_round < ? AND status IN ('registering', 'playing')")
      .bind(1, tournament_id)
      .bind(2, static_cast<std::int64_t>(round))
      .run();
  if (db_.changes() != 1) return ContributionOutcome::kClosed;
  auto drawn = db_.prepare("SELECT 1 FROM tournament_deals WHERE tournament_id = ? AND round = ?");
  drawn.bind(1, tournament_id).bind(2, static_cast<std::int64_t>(round));
  if (!drawn.step()) return ContributionOutcome::kClosed;
  db_.prepare(
         "INSERT INTO tournament_deal_contributions (tournament_id, round, user_id, contribution, given_at) "
         "VALUES (?, ?, ?, ?, ?) ON CONFLICT (tournament_id, round, user_id) DO NOTHING")
      .bind(1, tournament_id)
      .bind(2, static_cast<std::int64_t>(round))
      .bind(3, user_id)
      .bind(4, protocol::to_hex(contribution))
      .bind(5, now)
      .run();
  return db_.changes() == 1 ? ContributionOutcome::kAdded : ContributionOutcome::kAlreadyGiven;
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::finish_round(std::int64_t tournament_id, int round, std::int64_t now) {
  db_.prepare(
         "UPDATE tournament_rounds SET status = 'finished', finished_at = ? "
         "WHERE tournament_id = ? AND round = ? AND status = 'playing'")
      .bind(1, now)
      .bind(2, tournament_id)
      .bind(3, static_cast<std::int64_t>(round))
      .run();
  return db_.changes() == 1;
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::end_tournament(std::int64_t tournament_id, TournamentStatus status, std::int64_t now) {
  db_.prepare(
         "UPDATE tournaments SET status = ?, finished_at = ? "
         "WHERE id = ? AND status IN ('registering', 'playing')")
      .bind(1, to_string(status))
      .bind(2, now)
      .bind(3, tournament_id)
      .run();
  return db_.changes() == 1;
}

template <NodePolicy Nodes>
std::vector<TournamentRoundRecord> SqlRecords<Nodes>::tournament_rounds(std::int64_t tournament_id) {
  auto s = db_.prepare(
      "SELECT round, status, started_at, finished_at FROM tournament_rounds "
      "WHERE tournament_id = ? ORDER BY round");
  s.bind(1, tournament_id);
  std::vector<TournamentRoundRecord> out;
  while (s.step()) {
    TournamentRoundRecord r;
    r.round = static_cast<int>(s.column_int(0));
    r.status = s.column_text(1) == "finished" ? RoundStatus::kFinished : RoundStatus::kPlaying;
    r.started_at = s.column_int(2);
    r.finished_at = optional_int(s, 3);
    out.push_back(std::move(r));
  }
  return out;
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::insert_bye(std::int64_t tournament_id, int round, std::int64_t user_id) {
  db_.prepare("INSERT INTO tournament_byes (tournament_id, round, user_id) VALUES (?, ?, ?)")
      .bind(1, tournament_id)
      .bind(2, static_cast<std::int64_t>(round))
      .bind(3, user_id)
      .run();
}

template <NodePolicy Nodes>
std::vector<TournamentByeRecord> SqlRecords<Nodes>::tournament_byes(std::int64_t tournament_id) {
  auto s = db_.prepare(
      "SELECT b.round, b.user_id, u.name FROM tournament_byes b JOIN users u ON u.id = b.user_id "
      "WHERE b.tournament_id = ? ORDER BY b.round, u.name");
  s.bind(1, tournament_id);
  std::vector<TournamentByeRecord> out;
  while (s.step()) out.push_back(TournamentByeRecord{static_cast<int>(s.column_int(0)), s.column_int(1), s.column_text(2)});
  return out;
}

template <NodePolicy Nodes>
std::vector<TournamentTableRecord> SqlRecords<Nodes>::tournament_tables(std::int64_t tournament_id) {
  auto s = db_.prepare(
      "SELECT t.id, t.tournament_round, t.tournament_table, t.status, t.deadline_at, s.seat, s.user_id, u.name "
      "FROM game_tables t JOIN seats s ON s.table_id = t.id JOIN users u ON u.id = s.user_id "
      "WHERE t.tournament_id = ? ORDER BY t.tournament_round, t.tournament_table, s.seat");
  s.bind(1, tournament_id);
  std::vector<TournamentTableRecord> out;
  while (s.step()) {
    const std::int64_t id = s.column_int(0);
    if (out.empty() || out.back().table_id != id) {
      TournamentTableRecord table;
      table.table_id = id;
      table.round = static_cast<int>(s.column_int(1));
      table.number = static_cast<int>(s.column_int(2));
      table.status = parse_table_status(s.column_text(3)).value_or(TableStatus::kAborted);
      table.deadline_at = optional_int(s, 4);
      out.push_back(std::move(table));
    }
    out.back().seats.push_back(TournamentTableRecord::Seat{static_cast<int>(s.column_int(5)), s.column_int(6),
                                                           s.column_text(7)});
  }
  return out;
}

template <NodePolicy Nodes>
std::vector<TournamentResultRecord> SqlRecords<Nodes>::tournament_results(std::int64_t tournament_id) {
  auto s = db_.prepare(
      "SELECT t.id, t.tournament_round, t.tournament_table, t.player_count, r.seat, r.user_id, r.place, r.abandoned, "
      "coalesce(r.points, 0), coalesce(r.rubles, 0) "
      "FROM game_tables t JOIN game_results r ON r.table_id = t.id "
      "WHERE t.tournament_id = ? AND t.status = 'finished' ORDER BY t.tournament_round, t.tournament_table, r.seat");
  s.bind(1, tournament_id);
  std::vector<TournamentResultRecord> out;
  while (s.step()) {
    out.push_back(TournamentResultRecord{s.column_int(0), static_cast<int>(s.column_int(1)),
                                         static_cast<int>(s.column_int(2)), static_cast<int>(s.column_int(3)),
                                         static_cast<int>(s.column_int(4)), s.column_int(5),
                                         static_cast<int>(s.column_int(6)), s.column_int(7) != 0,
                                         static_cast<int>(s.column_int(8)), static_cast<int>(s.column_int(9))});
  }
  return out;
}

template <NodePolicy Nodes>
std::vector<std::int64_t> SqlRecords<Nodes>::active_tournament_ids() {
  auto s = db_.prepare("SELECT id FROM tournaments WHERE status IN ('registering', 'playing') ORDER BY id");
  std::vector<std::int64_t> ids;
  while (s.step()) ids.push_back(s.column_int(0));
  return ids;
}

template <NodePolicy Nodes>
std::vector<std::int64_t> SqlRecords<Nodes>::active_tournaments_of(std::int64_t user_id) {
  auto s = db_.prepare(
      "SELECT t.id FROM tournaments t JOIN tournament_players p ON p.tournament_id = t.id "
      "WHERE p.user_id = ? AND p.left_at IS NULL AND t.status IN ('registering', 'playing') ORDER BY t.id");
  s.bind(1, user_id);
  std::vector<std::int64_t> ids;
  while (s.step()) ids.push_back(s.column_int(0));
  return ids;
}

}  // namespace sp::server
