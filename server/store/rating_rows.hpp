// Rows of ratings and player profiles (schema/0010_ratings.sql,
// docs/ratings.md): a table's terms, an account's rating in a pool, and one
// person's result in a finished game.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/robot_level.hpp"

namespace sp::server {

// Two-player games are rated apart from games of three to five: the game
// plays differently with two (docs/ratings.md). A game with a third-party
// bot's account seated is rated in the bots' pools, never in people's
// (docs/bots.md), split the same way.
enum class RatingPool : std::uint8_t { kTwoPlayer, kMultiplayer, kBotTwoPlayer, kBotMultiplayer };
std::string_view to_string(RatingPool pool);
std::optional<RatingPool> parse_rating_pool(std::string_view word);
inline RatingPool pool_for(int player_count, bool bot_seated = false) {
  if (bot_seated) return player_count == 2 ? RatingPool::kBotTwoPlayer : RatingPool::kBotMultiplayer;
  return player_count == 2 ? RatingPool::kTwoPlayer : RatingPool::kMultiplayer;
}
inline bool is_bot_pool(RatingPool pool) {
  return pool == RatingPool::kBotTwoPlayer || pool == RatingPool::kBotMultiplayer;
}

// What a table asks of whoever joins, and whether robots seated leave it rated.
struct TableTerms {
  bool rated = false;
  std::optional<double> min_rating;        // the displayed rating, mu - 3 sigma
  std::optional<double> max_timeout_rate;  // 0 to 1
  bool bots_allowed = false;               // third-party bots' accounts may sit (docs/bots.md)
  friend bool operator==(const TableTerms&, const TableTerms&) = default;
};

struct RatingRecord {
  double mu = 0;
  double sigma = 0;
  int games = 0;
};

struct GameResultRecord {
  std::int64_t table_id = 0;
  int seat = 0;
  // The seat's person, or for a robot's seat its level's account ("Robot
  // level N"); a robot's seat stored before levels were rated has its seat's
  // robot pseudo-user.
  std::int64_t user_id = 0;
  bool robot = false;  // a robot's seat from the start
  // A robot's seat: the level whose account `user_id` is, read back from the
  // account; nothing for a person's seat and for a robot's seat stored before
  // levels were rated, which entered its game as a newcomer and kept nothing.
  std::optional<engine::RobotLevel> robot_level;
  int place = 0;
  bool abandoned = false;
  // Rated games only: the pool, the place the rating used, mu and sigma.
  std::optional<RatingPool> pool;
  int rated_place = 0;
  double mu_before = 0;
  double sigma_before = 0;
  double mu_after = 0;
  double sigma_after = 0;
  int moves_due = 0;
  int timeouts = 0;
  int timed_moves = 0;
  std::int64_t think_seconds = 0;
  std::int64_t finished_at = 0;
  // The seat's final total and rubles (a tournament's tie-breaks); nothing in
  // results stored before they were kept.
  std::optional<int> points;
  std::optional<int> rubles;
  // Read back only: the table's name and player count, for a profile's history.
  std::string table_name;
  int players = 0;
};

// A person's totals for their profile and the lobby.
struct PlayerTotals {
  int games_played = 0;    // seats at tables that started
  int games_finished = 0;  // of those, games that reached their end
  int games_abandoned = 0; // finished with the seat taken over after timeouts
  std::int64_t moves_due = 0;
  std::int64_t timeouts = 0;
  std::int64_t timed_moves = 0;
  std::int64_t think_seconds = 0;
};

}  // namespace sp::server
