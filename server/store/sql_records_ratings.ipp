// The records' ratings and player profiles (schema/0010_ratings.sql,
// schema/postgresql/0010_ratings.sql).
#include "server/store/sql_columns.hpp"
#include "server/store/sql_records.hpp"

namespace sp::server {
namespace {

constexpr const char* kResultColumns =
    "r.table_id, r.seat, r.user_id, r.robot, r.place, r.abandoned, r.pool, coalesce(r.rated_place, 0), "
    "coalesce(r.mu_before, 0), coalesce(r.sigma_before, 0), coalesce(r.mu_after, 0), coalesce(r.sigma_after, 0), "
    "r.moves_due, r.timeouts, r.timed_moves, r.think_seconds, r.finished_at, t.name, t.player_count, u.robot_level ";

// The results with their tables and accounts, for kResultColumns.
constexpr const char* kResultsJoined =
    "FROM game_results r JOIN game_tables t ON t.id = r.table_id JOIN users u ON u.id = r.user_id ";

GameResultRecord read_result(const auto& s) {
  GameResultRecord r;
  r.table_id = s.column_int(0);
  r.seat = static_cast<int>(s.column_int(1));
  r.user_id = s.column_int(2);
  r.robot = s.column_int(3) != 0;
  r.place = static_cast<int>(s.column_int(4));
  r.abandoned = s.column_int(5) != 0;
  if (!s.column_is_null(6)) r.pool = parse_rating_pool(s.column_text(6));
  r.rated_place = static_cast<int>(s.column_int(7));
  r.mu_before = s.column_real(8);
  r.sigma_before = s.column_real(9);
  r.mu_after = s.column_real(10);
  r.sigma_after = s.column_real(11);
  r.moves_due = static_cast<int>(s.column_int(12));
  r.timeouts = static_cast<int>(s.column_int(13));
  r.timed_moves = static_cast<int>(s.column_int(14));
  r.think_seconds = s.column_int(15);
  r.finished_at = s.column_int(16);
  r.table_name = s.column_text(17);
  r.players = static_cast<int>(s.column_int(18));
  if (r.robot && !s.column_is_null(19)) r.robot_level = static_cast<engine::RobotLevel>(s.column_int(19));
  return r;
}

// The rated part of a result: the pool (NULL: unrated) and the numbers, from `first`.
void bind_rated(auto& s, int first, const GameResultRecord& r) {
  if (!r.pool) {
    for (int i = 0; i < 6; ++i) s.bind_null(first + i);
    return;
  }
  s.bind(first, to_string(*r.pool))
      .bind(first + 1, static_cast<std::int64_t>(r.rated_place))
      .bind_real(first + 2, r.mu_before)
      .bind_real(first + 3, r.sigma_before)
      .bind_real(first + 4, r.mu_after)
      .bind_real(first + 5, r.sigma_after);
}

}  // namespace

template <NodePolicy Nodes>
void SqlRecords<Nodes>::set_table_terms(std::int64_t table_id, const TableTerms& terms) {
  auto s = db_.prepare(
      "INSERT INTO table_terms (table_id, rated, min_rating, max_timeout_rate, bots_allowed) VALUES (?, ?, ?, ?, ?) "
      "ON CONFLICT (table_id) DO UPDATE SET rated = excluded.rated, min_rating = excluded.min_rating, "
      "max_timeout_rate = excluded.max_timeout_rate, bots_allowed = excluded.bots_allowed");
  s.bind(1, table_id).bind(2, std::int64_t{terms.rated ? 1 : 0});
  bind_optional(s, 3, terms.min_rating);
  bind_optional(s, 4, terms.max_timeout_rate);
  s.bind(5, std::int64_t{terms.bots_allowed ? 1 : 0});
  s.run();
}

template <NodePolicy Nodes>
TableTerms SqlRecords<Nodes>::table_terms(std::int64_t table_id) {
  auto s = db_.prepare("SELECT rated, min_rating, max_timeout_rate, bots_allowed FROM table_terms WHERE table_id = ?");
  s.bind(1, table_id);
  TableTerms terms;
  if (!s.step()) return terms;
  terms.rated = s.column_int(0) != 0;
  if (!s.column_is_null(1)) terms.min_rating = s.column_real(1);
  if (!s.column_is_null(2)) terms.max_timeout_rate = s.column_real(2);
  terms.bots_allowed = s.column_int(3) != 0;
  return terms;
}

template <NodePolicy Nodes>
std::optional<RatingRecord> SqlRecords<Nodes>::rating_of(std::int64_t user_id, RatingPool pool) {
  auto s = db_.prepare("SELECT mu, sigma, games FROM ratings WHERE user_id = ? AND pool = ?");
  s.bind(1, user_id).bind(2, to_string(pool));
  if (!s.step()) return std::nullopt;
  return RatingRecord{s.column_real(0), s.column_real(1), static_cast<int>(s.column_int(2))};
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::save_rating(std::int64_t user_id, RatingPool pool, const RatingRecord& rating) {
  db_.prepare(
         "INSERT INTO ratings (user_id, pool, mu, sigma, games) VALUES (?, ?, ?, ?, ?) "
         "ON CONFLICT (user_id, pool) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games")
      .bind(1, user_id)
      .bind(2, to_string(pool))
      .bind_real(3, rating.mu)
      .bind_real(4, rating.sigma)
      .bind(5, static_cast<std::int64_t>(rating.games))
      .run();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::clear_ratings() { db_.prepare("DELETE FROM ratings").run(); }

template <NodePolicy Nodes>
void SqlRecords<Nodes>::insert_game_result(const GameResultRecord& r) {
  auto s = db_.prepare(
      "INSERT INTO game_results (table_id, seat, user_id, robot, place, abandoned, pool, rated_place, mu_before, "
      "sigma_before, mu_after, sigma_after, moves_due, timeouts, timed_moves, think_seconds, finished_at, points, rubles) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  s.bind(1, r.table_id)
      .bind(2, static_cast<std::int64_t>(r.seat))
      .bind(3, r.user_id)
      .bind(4, std::int64_t{r.robot ? 1 : 0})
      .bind(5, static_cast<std::int64_t>(r.place))
      .bind(6, std::int64_t{r.abandoned ? 1 : 0});
  bind_rated(s, 7, r);
  s.bind(13, static_cast<std::int64_t>(r.moves_due))
      .bind(14, static_cast<std::int64_t>(r.timeouts))
      .bind(15, static_cast<std::int64_t>(r.timed_moves))
      .bind(16, r.think_seconds)
      .bind(17, r.finished_at);
  bind_optional(s, 18, r.points ? std::optional<std::int64_t>(*r.points) : std::nullopt);
  bind_optional(s, 19, r.rubles ? std::optional<std::int64_t>(*r.rubles) : std::nullopt);
  s.run();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::update_game_rating(const GameResultRecord& r) {
  auto s = db_.prepare(
      "UPDATE game_results SET pool = ?, rated_place = ?, mu_before = ?, sigma_before = ?, mu_after = ?, "
      "sigma_after = ? WHERE table_id = ? AND seat = ?");
  bind_rated(s, 1, r);
  s.bind(7, r.table_id).bind(8, static_cast<std::int64_t>(r.seat)).run();
}

template <NodePolicy Nodes>
std::vector<GameResultRecord> SqlRecords<Nodes>::game_results_of(std::int64_t user_id, int limit) {
  // A level's account seated twice in one game (docs/ratings.md "Robots") was
  // rated at its first seat: one row a game.
  auto s = db_.prepare(std::string("SELECT * FROM (SELECT ") + kResultColumns + kResultsJoined +
                       "WHERE r.user_id = ? AND NOT EXISTS (SELECT 1 FROM game_results e WHERE e.table_id = "
                       "r.table_id AND e.user_id = r.user_id AND e.seat < r.seat) "
                       "ORDER BY r.finished_at DESC, r.table_id DESC LIMIT ?) newest ORDER BY finished_at, table_id");
  s.bind(1, user_id).bind(2, static_cast<std::int64_t>(limit));
  std::vector<GameResultRecord> results;
  while (s.step()) results.push_back(read_result(s));
  return results;
}

template <NodePolicy Nodes>
std::vector<GameResultRecord> SqlRecords<Nodes>::all_game_results() {
  auto s = db_.prepare(std::string("SELECT ") + kResultColumns + kResultsJoined +
                       "ORDER BY r.finished_at, r.table_id, r.seat");
  std::vector<GameResultRecord> results;
  while (s.step()) results.push_back(read_result(s));
  return results;
}

template <NodePolicy Nodes>
PlayerTotals SqlRecords<Nodes>::player_totals(std::int64_t user_id) {
  PlayerTotals totals;
  auto played = db_.prepare(
      "SELECT count(*) FROM seats s JOIN game_tables t ON t.id = s.table_id "
      "WHERE s.user_id = ? AND t.status IN ('playing', 'finished', 'aborted')");
  played.bind(1, user_id);
  if (played.step()) totals.games_played = static_cast<int>(played.column_int(0));
  auto results = db_.prepare(
      "SELECT count(DISTINCT table_id), coalesce(sum(abandoned), 0), coalesce(sum(moves_due), 0), "
      "coalesce(sum(timeouts), 0), "
      "coalesce(sum(timed_moves), 0), coalesce(sum(think_seconds), 0) FROM game_results WHERE user_id = ?");
  results.bind(1, user_id);
  if (results.step()) {
    totals.games_finished = static_cast<int>(results.column_int(0));
    totals.games_abandoned = static_cast<int>(results.column_int(1));
    totals.moves_due = results.column_int(2);
    totals.timeouts = results.column_int(3);
    totals.timed_moves = results.column_int(4);
    totals.think_seconds = results.column_int(5);
  }
  return totals;
}

}  // namespace sp::server
