// When a tournament would end at its tables' pace (docs/tournaments.md "The
// finish date"): its rounds one after the other, each lasting as long as its
// slowest table, a game's length simulated under the tables' clock with the
// players `spb pace-sim` models (server/clock/pace_clocks.hpp, PlayerHabits:
// back 1 to 24 hours after being told, away now and then for days).
#pragma once

#include <cstdint>
#include <optional>

#include "protocol/requests.hpp"

namespace sp::server {

// Unix seconds; nothing when its games cannot be simulated. Some hundreds of
// milliseconds of computation: off the network threads.
std::optional<std::int64_t> projected_finish(const protocol::client::CreateTournament& tournament);

}  // namespace sp::server
