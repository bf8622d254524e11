// The `data` of profile's result (result.json's `$defs`): a player's ratings
// in people's pools and, where they apply, the bots', rated games' history and play totals (docs/ratings.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sp::protocol {

struct RatingShown {
  double rating = 0;  // displayed: mu - 3 sigma, in hundredths
  double mu = 0;
  double sigma = 0;
  int games = 0;
};

// One rated game, the displayed rating before and after it.
struct RatedGame {
  std::int64_t table = 0;
  std::string table_name;
  std::int64_t finished_at = 0;
  std::string pool;  // a rating pool's word
  int players = 0;
  int place = 0;
  bool abandoned = false;
  double before = 0;
  double after = 0;
};

struct Profile {
  std::string name;
  bool bot = false;  // a third-party bot's account (docs/bots.md)
  RatingShown two_player;
  RatingShown multiplayer;
  // The bots' pools (docs/bots.md): shown for a bot's account, and for a
  // person who played at a table with a bot.
  std::optional<RatingShown> bot_two_player;
  std::optional<RatingShown> bot_multiplayer;
  int games_played = 0;
  int games_finished = 0;
  int games_abandoned = 0;
  std::int64_t moves_due = 0;
  std::int64_t timeouts = 0;
  std::optional<double> timeout_rate;          // none while no move was due
  std::optional<double> average_move_seconds;  // none while no move was timed
  std::vector<RatedGame> history;
};

std::string encode_data(const Profile& data);

}  // namespace sp::protocol
