#include "server/store/league_rows.hpp"

namespace sp::server {

std::string_view to_string(tournament::NewcomerPlacement placement) {
  return placement == tournament::NewcomerPlacement::kByRating ? "by_rating" : "bottom";
}

std::optional<tournament::NewcomerPlacement> parse_newcomer_placement(std::string_view word) {
  if (word == "bottom") return tournament::NewcomerPlacement::kBottom;
  if (word == "by_rating") return tournament::NewcomerPlacement::kByRating;
  return std::nullopt;
}

std::string_view to_string(tournament::Move move) {
  switch (move) {
    case tournament::Move::kUp:
      return "up";
    case tournament::Move::kStay:
      return "stay";
    case tournament::Move::kDown:
      return "down";
  }
  return "stay";
}

std::optional<tournament::Move> parse_move(std::string_view word) {
  if (word == "up") return tournament::Move::kUp;
  if (word == "stay") return tournament::Move::kStay;
  if (word == "down") return tournament::Move::kDown;
  return std::nullopt;
}

}  // namespace sp::server
