// A league season's stored rows as the competition rules read them
// (engine/tournament/league_*.hpp), and what the rules make of them: each
// division's standings and the tables that may start now. Pure but for
// read_season, which the callers call in a store job.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/tournament/league.hpp"
#include "server/store/league_rows.hpp"
#include "server/store/records.hpp"

namespace sp::server {

// Everything a season holds: its divisions' players and its schedule with
// each table's state, its byes and its finished tables' results.
struct SeasonRows {
  std::vector<LeaguePlaceRecord> places;
  std::vector<LeagueTableRecord> tables;
  std::vector<LeagueByeRecord> byes;
  std::vector<LeagueResultRecord> results;
};

SeasonRows read_season(Records& db, std::int64_t league_id, int season);

// The number of divisions the season has.
int division_count(const SeasonRows& season);

// Each division's standings, top division first (docs/leagues.md
// "Standings"): a round robin's, counted over its finished tables and byes.
// A table an administrator or its players aborted counts as a bye for each of
// its players; a seat abandoned after timeouts is placed last. Players who
// share every key are listed in their order at the season's start.
std::vector<std::vector<tournament::StandingRow>> division_standings(const SeasonRows& season,
                                                                     const tournament::LeagueRules& rules);

// Where a scheduled table is: waiting to start, being played, or over
// (finished or aborted).
tournament::TableState table_state(const LeagueTableRecord& table);

// The waiting tables that may start now, by their index in season.tables:
// each division's tables in schedule order, as engine/tournament/league_waves.hpp
// takes them.
std::vector<std::size_t> tables_to_start(const SeasonRows& season, const tournament::LeagueRules& rules);

}  // namespace sp::server
