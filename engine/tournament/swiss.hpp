// Swiss pairing into tables of several players: each round seats players close
// in the standings together while avoiding pairs who have met.
//
// Priorities, in order (docs/tournaments.md, "Swiss pairing"):
//   1. every player at exactly one table or bye; the tables' sizes are
//      table_sizes(field, preferred_size);
//   2. the byes go to the players with the fewest byes so far, lowest in the
//      standings first;
//   3. as few repeat meetings as possible: the cost of a table is the sum,
//      over each pair at it, of how often that pair has already met;
//   4. tables of players close in the standings: the sum, over each pair at a
//      table, of their distance in the standing order, as small as possible;
//      then better-placed players at earlier tables.
// The search is a greedy pairing from the top, improved by swapping players
// between tables while that lowers the cost in the order above; it is never
// worse in repeats than cutting the standings into consecutive tables.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/tournament/history.hpp"
#include "engine/tournament/types.hpp"

namespace sp::tournament {

// A field in standing order, with ranks: players of equal rank have nothing
// to tell them apart (round 1 of unrated players, a tie on every tie-break).
struct StandingOrder {
  std::vector<PlayerId> players;  // best first
  std::vector<int> ranks;         // ranks[i] for players[i], non-decreasing; may be empty: all distinct
  friend bool operator==(const StandingOrder&, const StandingOrder&) = default;
};

// The order before round 1: seed_rating, higher first; equal ratings share a
// rank (and keep the order they were given in, which the seed then shuffles).
StandingOrder seeding_order(std::span<const Entrant> entrants);

// One Swiss round. `standing_order` holds the players still in (withdrawn
// players left out), best first. `ranks`, when given, marks players with
// nothing to tell them apart: the seed shuffles each run of equal ranks, and
// only that. Each table's seats are in standing order (best at seat 0; the
// engine's deal draws the starting markers, so no seat is favoured) and the
// tables are numbered by their best-placed player: table 0 holds the leader.
// Deterministic: the same inputs give the same pairing.
// REQUIRES: 3 <= preferred_size <= 5, no player twice, ranks empty or as long
// as standing_order
RoundPairing swiss_round(std::span<const PlayerId> standing_order, const History& history, int preferred_size,
                         std::uint64_t seed, std::span<const int> ranks = {});
RoundPairing swiss_round(const StandingOrder& order, const History& history, int preferred_size,
                         std::uint64_t seed);

// The repeat meetings a pairing would add: for each pair at one of its tables,
// how often they had met before.
int repeat_meetings(const RoundPairing& pairing, const History& history);

}  // namespace sp::tournament
