// How a field is divided into tables for one round.
#pragma once

#include <vector>

namespace sp::tournament {

// The sizes of a round's tables for `field` players when the organiser chose
// tables of `preferred` (3, 4 or 5), largest first. The players left over sit
// out (byes): field minus the sum of the sizes.
//
// Among the divisions into tables of 3 to `preferred` players, the one chosen
//   1. leaves the fewest players without a table (byes only where unavoidable),
//   2. then has the fewest tables of preferred - 2 (a table of 3 in a
//      five-player tournament, used only to save byes: fields of 3, 6, 7 and
//      11),
//   3. then has the fewest tables of preferred - 1 (so as many full tables as
//      possible).
// Consequences: tables of 3 give byes to field mod 3 players (1 or 2); tables
// of 4 give a bye only to a field of 5 (one table of 4); tables of 5 never give
// a bye; a field below 3 is all byes.
// REQUIRES: field >= 0, 3 <= preferred <= 5
std::vector<int> table_sizes(int field, int preferred);

}  // namespace sp::tournament
