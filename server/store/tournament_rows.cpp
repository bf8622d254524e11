#include "server/store/tournament_rows.hpp"

namespace sp::server {

std::string_view to_string(LeftHow how) {
  switch (how) {
    case LeftHow::kWithdrew:
      return "withdrew";
    case LeftHow::kDisqualified:
      return "disqualified";
  }
  return "withdrew";
}

std::optional<LeftHow> parse_left_how(std::string_view word) {
  if (word == "withdrew") return LeftHow::kWithdrew;
  if (word == "disqualified") return LeftHow::kDisqualified;
  return std::nullopt;
}

std::string_view to_string(RoundStatus status) {
  return status == RoundStatus::kFinished ? "finished" : "playing";
}

}  // namespace sp::server
