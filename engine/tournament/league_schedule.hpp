// A division's season: all its tables, and who sits out where the division
// does not divide into tables (docs/leagues.md, "A season").
//
// A season is rules.meetings round robins of the division one after the other
// (round_robin.hpp: a division no larger than a table plays one table, a larger
// one is split anew each round until every pair has met). Round robin c lists
// the division turned by c * size / meetings places, so that the pairs who meet
// more often than the rest, and the byes, fall on other players each time.
// Every pair meets at least rules.meetings times.
//
// Rounds only number and order the tables: a league does not wait for a round
// to end, its tables start in waves (league_waves.hpp).
#pragma once

#include <span>
#include <vector>

#include "engine/tournament/league_rules.hpp"
#include "engine/tournament/types.hpp"

namespace sp::tournament {

// One table of a season. round and table name it as a tournament's tables are
// named (TableResult's round, from 1, and table), so its result feeds
// standings() unchanged.
struct SeasonTable {
  int round = 0;
  int table = 0;
  Table seats;
  friend bool operator==(const SeasonTable&, const SeasonTable&) = default;
};

struct DivisionSchedule {
  // In schedule order: round by round, each round's tables in order.
  std::vector<SeasonTable> tables;
  // Each worth rules.standings.bye_points: a player who sits out a round
  // scores as if they had come in the middle, so fewer games cost nothing.
  std::vector<Bye> byes;
  friend bool operator==(const DivisionSchedule&, const DivisionSchedule&) = default;
};

// The season of one division, its players in the division's order.
// REQUIRES: valid(rules), division.size() >= 3, no player twice
DivisionSchedule division_schedule(std::span<const PlayerId> division, const LeagueRules& rules);

}  // namespace sp::tournament
