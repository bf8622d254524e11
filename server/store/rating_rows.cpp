#include "server/store/rating_rows.hpp"

namespace sp::server {

std::string_view to_string(RatingPool pool) {
  return pool == RatingPool::kTwoPlayer ? "two_player" : "multiplayer";
}

std::optional<RatingPool> parse_rating_pool(std::string_view word) {
  if (word == "two_player") return RatingPool::kTwoPlayer;
  if (word == "multiplayer") return RatingPool::kMultiplayer;
  return std::nullopt;
}

}  // namespace sp::server
