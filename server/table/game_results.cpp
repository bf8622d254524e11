#include "server/table/game_results.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "protocol/stored_text.hpp"
#include "server/ratings/plackett_luce.hpp"

namespace sp::server {
namespace {

// A stored log entry's kind (engine/log_entry.hpp): only actions are moves a
// person owed. Nothing for an entry that does not read, counted as an action.
std::optional<engine::LogKind> kind_of(const MoveRecord& move) {
  const auto entry = protocol::decode_stored_entry(move.action_json, engine::Seat{static_cast<std::uint8_t>(move.seat)});
  if (!entry) return std::nullopt;
  return entry->kind;
}

// Each seat's share of the move log: the moves its person owed (made, made
// by their standing orders, or timed out), the timeouts, and the time the
// person took over their own moves, from the move before to theirs. At a
// table whose players decide, the question about a late seat is its timeout;
// the late seat's move that closes the question (its player's, or the
// timeout's when the time to vote ran out) is the same move and is not
// counted again.
void count_moves(const std::vector<MoveRecord>& moves, std::vector<GameResultRecord>& results) {
  std::map<int, GameResultRecord*> by_seat;
  for (GameResultRecord& r : results) by_seat[r.seat] = &r;
  const MoveRecord* before = nullptr;
  std::optional<int> asked;  // the late seat of the question open
  for (const MoveRecord& move : moves) {
    const auto kind = kind_of(move);
    const auto seat = by_seat.find(move.seat);
    if (kind == engine::LogKind::kLateAsked) {
      asked = move.seat;
      if (seat != by_seat.end()) {
        ++seat->second->moves_due;
        ++seat->second->timeouts;
      }
      continue;
    }
    if (kind && *kind != engine::LogKind::kAction) {
      const bool decided = kind == engine::LogKind::kLateWaited || kind == engine::LogKind::kLateRobot ||
                           kind == engine::LogKind::kLateEnded;
      if (decided) asked.reset();
      continue;
    }
    const bool closes_question = asked == move.seat;
    asked.reset();
    if (seat != by_seat.end() && !closes_question) {
      GameResultRecord& r = *seat->second;
      switch (move.actor) {
        case Actor::kPlayer:
          ++r.moves_due;
          if (before != nullptr) {
            ++r.timed_moves;
            r.think_seconds += std::max<std::int64_t>(0, move.created_at - before->created_at);
          }
          break;
        case Actor::kOrder:
          ++r.moves_due;
          break;
        case Actor::kTimeout:
          ++r.moves_due;
          ++r.timeouts;
          break;
        case Actor::kRobot:
        case Actor::kAbsent:
          break;
      }
    }
    before = &move;
  }
}

}  // namespace

void choose_rated(const FinishedGame& game, bool rated_with_robots, std::vector<GameResultRecord>& results) {
  for (GameResultRecord& r : results) r.pool.reset();
  const bool robots = std::any_of(game.seats.begin(), game.seats.end(), [](const FinishedSeat& s) { return s.robot; });
  if ((robots && !rated_with_robots) || game.seats.size() < 2) return;
  const RatingPool pool = pool_for(game.player_count, game.bot_seated);
  // Abandoned seats all share the last place: their robots' order is not theirs.
  const auto standing = [](const FinishedSeat& s) { return std::pair{s.abandoned ? 1 : 0, s.abandoned ? 0 : s.place}; };
  for (std::size_t i = 0; i < game.seats.size(); ++i) {
    int ahead = 0;
    for (const FinishedSeat& other : game.seats) {
      if (standing(other) < standing(game.seats[i])) ++ahead;
    }
    results[i].pool = pool;
    results[i].rated_place = ahead + 1;
  }
}

std::vector<NewRating> rate_results(std::vector<GameResultRecord>& results, const CurrentRating& current) {
  std::vector<ratings::Standing> standings;
  std::vector<GameResultRecord*> rated;
  std::vector<int> games;
  std::vector<bool> keeps;
  std::set<std::int64_t> seen;
  for (GameResultRecord& r : results) {
    if (!r.pool) continue;
    ratings::Rating before = ratings::newcomer();
    int played = 0;
    const bool account = !r.robot || r.robot_level;
    if (account) {
      if (const auto stored = current(r.user_id, *r.pool)) {
        before = ratings::Rating{stored->mu, stored->sigma};
        played = stored->games;
      }
    }
    standings.push_back(ratings::Standing{before, r.rated_place});
    rated.push_back(&r);
    games.push_back(played);
    keeps.push_back(account && seen.insert(r.user_id).second);
  }
  const std::vector<ratings::Rating> after = ratings::rate(standings);
  std::vector<NewRating> kept_ratings;
  for (std::size_t i = 0; i < rated.size(); ++i) {
    GameResultRecord& r = *rated[i];
    r.mu_before = standings[i].before.mu;
    r.sigma_before = standings[i].before.sigma;
    const ratings::Rating kept = keeps[i] ? after[i] : standings[i].before;
    r.mu_after = kept.mu;
    r.sigma_after = kept.sigma;
    if (keeps[i]) kept_ratings.push_back(NewRating{r.user_id, *r.pool, RatingRecord{kept.mu, kept.sigma, games[i] + 1}});
  }
  return kept_ratings;
}

void write_game_results(Records& db, std::int64_t table_id, const FinishedGame& game, std::int64_t now) {
  std::vector<GameResultRecord> results;
  for (const FinishedSeat& seat : game.seats) {
    GameResultRecord r;
    r.table_id = table_id;
    r.seat = seat.seat;
    r.user_id = seat.user_id;
    r.robot = seat.robot;
    if (seat.robot) {
      // A robot's seat stored before levels were stored plays as level 1 (Table::robot_level_of).
      r.robot_level = seat.robot_level.value_or(engine::RobotLevel::kWorth);
      r.user_id = db.robot_level_user(*r.robot_level);
    }
    r.place = seat.place;
    r.abandoned = seat.abandoned;
    r.finished_at = now;
    r.points = seat.points;
    r.rubles = seat.rubles;
    results.push_back(r);
  }
  count_moves(db.load_moves(table_id), results);
  FinishedGame rated = game;
  if (const auto table = db.load_table(table_id)) {
    rated.bot_seated = std::any_of(table->seats.begin(), table->seats.end(), [](const SeatRecord& s) { return s.bot; });
  }
  choose_rated(rated, db.table_terms(table_id).rated, results);
  const auto current = [&db](std::int64_t user_id, RatingPool pool) { return db.rating_of(user_id, pool); };
  for (const NewRating& kept : rate_results(results, current)) db.save_rating(kept.user_id, kept.pool, kept.rating);
  for (const GameResultRecord& r : results) db.insert_game_result(r);
}

}  // namespace sp::server
