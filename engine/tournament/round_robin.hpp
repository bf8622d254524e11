// Round robin in groups: the field is split into groups before round 1, and
// each round seats every group at its own tables, so that over the rounds every
// pair of a group meets, as evenly as the table sizes allow.
//
// A group no larger than the table plays one table a round, its seats rotated
// one place each round, so that over group-size rounds each player takes each
// seat once. A larger group is split anew each round: the schedule is built
// round by round, each round's tables the ones that add the fewest repeated
// meetings (a pair's cost is the square of how often it has met, which spreads
// the repeats), players sitting out in turn when the group does not divide.
#pragma once

#include <span>
#include <vector>

#include "engine/tournament/types.hpp"

namespace sp::tournament {

using Groups = std::vector<std::vector<PlayerId>>;

// Groups by snake seeding on seed_rating (higher first; equal ratings in the
// order given): the first row of seeds is dealt to groups 1..G, the next back
// from G to 1, and so on. G = ceil(field / group_size), so groups hold
// group_size or group_size - 1 players; when that would leave a group below 3
// players, G shrinks until none is (a field of 5 with groups of 4 is one group
// of 5). A field below 3 is one group.
// REQUIRES: group_size >= 3
Groups round_robin_groups(std::span<const Entrant> entrants, int group_size);

// Round `round_index` (0 for the first round) of every group: group 0's tables
// first, then group 1's, each group's byes in the pairing's byes.
// REQUIRES: round_index >= 0, 3 <= table_size <= 5
RoundPairing round_robin_round(const Groups& groups, int round_index, int table_size);

// How many rounds a full round robin of one group takes: group_size when the
// group plays one table (each player each seat once), else the rounds the
// schedule needs until every pair of the group has met.
// REQUIRES: group_size >= 2, 3 <= table_size <= 5
int round_robin_rounds(int group_size, int table_size);
// The rounds the tournament needs: the most any of its groups needs.
int round_robin_rounds(const Groups& groups, int table_size);

}  // namespace sp::tournament
