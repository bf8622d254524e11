// When a season's tables start: a league does not play in rounds, each table
// starts as soon as its players have room for it, so that nobody plays more
// than rules.tables_at_once tables at once (docs/leagues.md, "Waves").
//
// Tables are taken in schedule order, each one started as early as possible:
// a table whose players have room starts, even if a table before it is still
// waiting for one of its players. When nothing is playing the first waiting
// table always has room, so every table starts in the end.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/tournament/league_schedule.hpp"

namespace sp::tournament {

enum class TableState : std::uint8_t { kWaiting, kPlaying, kFinished };

// The waiting tables that start now (their indices in `tables`, ascending),
// given which are playing and which have finished: a player at k playing
// tables may sit at tables_at_once - k more. Calling it again with them
// playing starts nothing more.
// REQUIRES: tables_at_once >= 1, states.size() == tables.size()
std::vector<int> tables_to_start(std::span<const SeasonTable> tables, std::span<const TableState> states,
                                 int tables_at_once);

// The season as fixed waves: each wave the tables tables_to_start starts once
// every table of the waves before has finished. Were every table to last
// alike, the season would run exactly so: the number of waves is its length
// in tables played one after another, for a projection of its end.
// REQUIRES: tables_at_once >= 1
std::vector<std::vector<int>> season_waves(std::span<const SeasonTable> tables, int tables_at_once);

}  // namespace sp::tournament
