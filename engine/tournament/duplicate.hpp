// Duplicate deals: at a round where every table of one size is dealt from one
// seed, the seats are rotated across the tables so that each seat of the deal
// is played by strong and weak players alike, and each player is compared with
// those who held the same seat of the same deal (matchpoints, as in bridge).
#pragma once

#include <map>
#include <span>
#include <vector>

#include "engine/tournament/points.hpp"
#include "engine/tournament/types.hpp"

namespace sp::tournament {

// The seats of table `table_index` of a duplicate deal: seat s holds the
// player of strength rank (s + table_index) mod n, where `by_strength` lists
// the table's players strongest first (as swiss_round and the others seat
// them). Table 0 seats the strongest at seat 0, table 1 at the last seat,
// table 2 at the one before, and so on: over n tables of one deal, each seat is
// held once by the strongest player of a table, once by the second, and so on.
// REQUIRES: table_index >= 0
std::vector<PlayerId> duplicate_seating(const Table& by_strength, int table_index);

// Each player's matchpoints from duplicate tables (results with duplicate_deal
// set). A deal is the tables of one round and one size. Within a deal, each
// seat position is compared across the deal's tables: a player earns, against
// each other player who held the same seat, 2 half-points for outscoring them
// (more game points, or as many and more rubles), 1 for a tie, 0 otherwise.
// A seat marked absent loses to every present seat and ties another absent one.
std::map<PlayerId, HalfPoints> duplicate_matchpoints(std::span<const TableResult> results);

// What a bye is worth in matchpoints at a round: as if tied with every other
// holder of one seat of the round's largest deal (most tables, then the
// larger table size), i.e. (tables - 1) half-points; 0 when the round has no
// duplicate tables.
HalfPoints bye_matchpoints(std::span<const TableResult> results, int round);

}  // namespace sp::tournament
