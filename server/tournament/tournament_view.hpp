// A tournament as the protocol shows it (protocol/tournament_results.hpp):
// its summary, from its record and its tables' create_table fields, and its
// whole view (players, rounds with their tables and byes, standings), read
// in a store job.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "protocol/tournament_results.hpp"
#include "server/store/records.hpp"

namespace sp::server {

// `asker`: a logged-in player, told whether they are registered.
protocol::TournamentSummary tournament_summary(Records& db, const TournamentRecord& t,
                                               std::optional<std::int64_t> asker);
protocol::TournamentView tournament_view(Records& db, const TournamentRecord& t, std::optional<std::int64_t> asker);

// A duplicate tournament's round deals as the protocol shows them: the
// secret once its round has finished; open while its round has not started.
std::vector<protocol::RoundDealShown> round_deals_shown(Records& db, const TournamentRecord& t);

}  // namespace sp::server
