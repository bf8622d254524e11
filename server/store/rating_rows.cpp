#include "server/store/rating_rows.hpp"

namespace sp::server {

std::string_view to_string(RatingPool pool) {
  switch (pool) {
    case RatingPool::kTwoPlayer: return "two_player";
    case RatingPool::kMultiplayer: return "multiplayer";
    case RatingPool::kBotTwoPlayer: return "bot_two_player";
    case RatingPool::kBotMultiplayer: return "bot_multiplayer";
  }
  return "multiplayer";
}

std::optional<RatingPool> parse_rating_pool(std::string_view word) {
  if (word == "two_player") return RatingPool::kTwoPlayer;
  if (word == "multiplayer") return RatingPool::kMultiplayer;
  if (word == "bot_two_player") return RatingPool::kBotTwoPlayer;
  if (word == "bot_multiplayer") return RatingPool::kBotMultiplayer;
  return std::nullopt;
}

}  // namespace sp::server
