// A league as the protocol shows it (protocol/league_results.hpp): its
// summary, from its record and its tables' create_table fields, and one
// season of it (each division's standings, tables and byes), read in a store
// job.
#pragma once

#include <cstdint>
#include <optional>

#include "protocol/league_results.hpp"
#include "server/store/records.hpp"

namespace sp::server {

// `asker`: a logged-in player, told whether they play in it.
protocol::LeagueSummary league_summary(Records& db, const LeagueRecord& l, std::optional<std::int64_t> asker);
// `season`: nothing for the current (or last) one. REQUIRES: it is one the league has played or plays.
protocol::LeagueView league_view(Records& db, const LeagueRecord& l, std::optional<int> season,
                                 std::optional<std::int64_t> asker);

}  // namespace sp::server
