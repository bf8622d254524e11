// A finished game's results (docs/ratings.md): each seat's place, share of
// moves and, when the game is rated, its rating before and after, written in
// the transaction of the game's last move; and the same rating step run again
// over stored results, for `spb admin ratings`.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "server/store/records.hpp"

namespace sp::server {

// A seat as the game ended, as the table knows it.
struct FinishedSeat {
  int seat = 0;
  std::int64_t user_id = 0;
  bool robot = false;      // a robot's seat from the start
  int place = 0;           // the engine's place
  bool abandoned = false;  // a person's seat played by a robot or nobody at the end, after timeouts
  // A robot's seat from the start: the level it played at, whose account it
  // is rated as (docs/ratings.md "Robots").
  std::optional<engine::RobotLevel> robot_level = std::nullopt;
  // The seat's final total and rubles (a tournament's tie-breaks).
  int points = 0;
  int rubles = 0;
};

struct FinishedGame {
  int player_count = 0;
  std::vector<FinishedSeat> seats;
  // A third-party bot's account sat at the table: the game is rated in the
  // bots' pools, never in people's (docs/bots.md).
  bool bot_seated = false;
};

// Which seats a game rates and at which place, from `rated_with_robots` (the
// table's `rated` term): every seat when no robot sat from the start, every
// seat (robots as their levels' accounts) when the table is rated anyway,
// robots alone included; none otherwise or with fewer than two seats. An
// abandoned seat is rated last, tied with any other abandoned seat, behind
// every seat still played by its person or a robot from the start. Fills
// pool and rated_place of `results` (one per seat, in seat order).
void choose_rated(const FinishedGame& game, bool rated_with_robots, std::vector<GameResultRecord>& results);

// An account's rating in a pool as it stands before the game; nothing: never rated.
using CurrentRating = std::function<std::optional<RatingRecord>(std::int64_t user_id, RatingPool pool)>;

// Rates one game's rated results against `current`: fills their before and
// after, and returns each account's new rating with its count of games, to
// keep. A person and a robot level's account enter with their current
// rating; an account at several seats (one level's robots) is rated at its
// first and is an opponent at that rating at the others, which keep nothing;
// a robot's seat with no level (stored before levels were rated) enters as a
// newcomer and keeps nothing.
struct NewRating {
  std::int64_t user_id = 0;
  RatingPool pool = RatingPool::kMultiplayer;
  RatingRecord rating;
};
std::vector<NewRating> rate_results(std::vector<GameResultRecord>& results, const CurrentRating& current);

// In the store job of the game's last move (after it is appended): writes a
// result per seat, a robot's under its level's account, and the new ratings.
void write_game_results(Records& db, std::int64_t table_id, const FinishedGame& game, std::int64_t now);

}  // namespace sp::server
