// Single elimination by table: each round the players still in are dealt to
// tables by snake seeding, and the top places of each table go through.
#pragma once

#include <span>
#include <vector>

#include "engine/tournament/types.hpp"

namespace sp::tournament {

// One elimination round. `seeded` is the players still in, best seed first
// (round 1: seeding_order by seed_rating; later: elimination_advancing's
// order). When the field fits one table (2 to table_size players), that table
// is the final. Otherwise the tables are table_sizes(field, table_size); the
// byes it leaves go to the top seeds, who go through without playing; the
// others are dealt by snake seeding: seeds 1..T to tables 1..T, the next T
// back from table T to 1, and so on (a full table is skipped). Each table's
// seats are in seeding order (the deal draws the starting markers). A field of
// one has nobody to play: no tables, the player as the round's one bye.
// REQUIRES: 3 <= table_size <= 5, no player twice
RoundPairing elimination_round(std::span<const PlayerId> seeded, int table_size);

// Who goes through from a played elimination round, in the next round's
// seeding order. From each table the top `advance` go through (a table of
// fewer than advance + 1 players sends all but its last): seats ordered by
// place, then game points, then rubles, then the round's seeding; a seat marked
// absent never goes through. Bye players go through. The next seeding: by the
// place each reached at their table (a bye counts as first), then by this
// round's seeding.
// `seeded` is the order the round was paired from; `round_results` holds a
// result for every table of `pairing` (matched by its players, in any order).
// REQUIRES: advance >= 1; every table of pairing has its result
std::vector<PlayerId> elimination_advancing(std::span<const PlayerId> seeded, const RoundPairing& pairing,
                                            std::span<const TableResult> round_results, int advance);

}  // namespace sp::tournament
