// A tournament as the protocol shows it (protocol/tournament_results.hpp):
// its summary, from its record and its tables' create_table fields, and its
// whole view (players, rounds with their tables and byes, standings), read
// in a store job.
#pragma once

#include <cstdint>
#include <optional>

#include "protocol/tournament_results.hpp"
#include "server/store/records.hpp"

namespace sp::server {

// `asker`: a logged-in player, told whether they are registered.
protocol::TournamentSummary tournament_summary(Records& db, const TournamentRecord& t,
                                               std::optional<std::int64_t> asker);
protocol::TournamentView tournament_view(Records& db, const TournamentRecord& t, std::optional<std::int64_t> asker);

}  // namespace sp::server
