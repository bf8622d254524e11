#include "protocol/tournament_status.hpp"

namespace sp::protocol {

std::string_view to_string(TournamentFormat format) {
  switch (format) {
    case TournamentFormat::kSwiss: return "swiss";
    case TournamentFormat::kRoundRobin: return "round_robin";
    case TournamentFormat::kElimination: return "elimination";
  }
  return "swiss";
}

std::optional<TournamentFormat> parse_tournament_format(std::string_view word) {
  for (const TournamentFormat format :
       {TournamentFormat::kSwiss, TournamentFormat::kRoundRobin, TournamentFormat::kElimination}) {
    if (to_string(format) == word) return format;
  }
  return std::nullopt;
}

std::string_view to_string(TournamentStatus status) {
  switch (status) {
    case TournamentStatus::kRegistering: return "registering";
    case TournamentStatus::kPlaying: return "playing";
    case TournamentStatus::kFinished: return "finished";
    case TournamentStatus::kCancelled: return "cancelled";
  }
  return "cancelled";
}

std::optional<TournamentStatus> parse_tournament_status(std::string_view word) {
  for (const TournamentStatus status : {TournamentStatus::kRegistering, TournamentStatus::kPlaying,
                                        TournamentStatus::kFinished, TournamentStatus::kCancelled}) {
    if (to_string(status) == word) return status;
  }
  return std::nullopt;
}

}  // namespace sp::protocol
