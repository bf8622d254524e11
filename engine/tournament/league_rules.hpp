// A league's rules, set by its organiser once and kept from season to season:
// how large its divisions are, how many move between them, where newcomers
// start, how a division's season is played and counted. docs/leagues.md states
// them in words.
#pragma once

#include <cstdint>

#include "engine/tournament/standings.hpp"

namespace sp::tournament {

enum class NewcomerPlacement : std::uint8_t {
  // Newcomers start in the bottom division, best rated first; a bottom
  // division they overflow opens a new one below.
  kBottom,
  // Newcomers start in the division their rating fits (league_divisions.hpp).
  kByRating,
};

struct LeagueRules {
  // Players in a division. Only the bottom division differs: it holds what is
  // left, never fewer than 3 players (division_sizes, league_divisions.hpp).
  int division_size = 8;
  // Players at each of a season's tables (3, 4 or 5), as in a round robin
  // (round_robin.hpp): a division too large for one table is split anew
  // each round.
  int table_size = 4;
  // How many go up from each division and down from the one above it at the
  // end of a season (0: the divisions stay as they are).
  int promoted = 2;
  NewcomerPlacement newcomers = NewcomerPlacement::kBottom;
  // The most tables of the season one player has running at once: turn-based
  // tables last days, so a season need not wait for one table to end before
  // the next starts, but nobody should have to keep up with too many.
  int tables_at_once = 2;
  // How often each pair of a division meets in a season, at least.
  int meetings = 1;
  // How a division's season is counted: a round robin's standings, a bye
  // worth the middle between first and last.
  StandingsRules standings{.format = Format::kRoundRobin};

  friend bool operator==(const LeagueRules&, const LeagueRules&) = default;
};

// The bounds every league function requires. Divisions of up to 20 keep a
// season's schedule short (round_robin.hpp's search is checked that far);
// promoted players and relegated ones never overlap in a full division; a
// season of more than 4 meetings a pair is not a season but a marathon.
inline bool valid(const LeagueRules& rules) {
  return rules.division_size >= 3 && rules.division_size <= 20 && rules.table_size >= 3 && rules.table_size <= 5 &&
         rules.promoted >= 0 && 2 * rules.promoted <= rules.division_size && rules.tables_at_once >= 1 &&
         rules.meetings >= 1 && rules.meetings <= 4;
}

}  // namespace sp::tournament
