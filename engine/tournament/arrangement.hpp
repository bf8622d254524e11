// The search shared by Swiss pairing and round-robin schedules: players split
// into tables of given sizes so that few pairs who have met sit together again
// and, when asked, so that each table holds players close in the order.
// Internal to sp_tournament: swiss.hpp and round_robin.hpp are its users.
#pragma once

#include <cstdint>
#include <vector>

namespace sp::tournament::detail {

// Players are numbered 0 .. count - 1 in their order (0 the best placed).
struct ArrangeProblem {
  int count = 0;
  // The tables' sizes, in table order; they sum to count.
  std::vector<int> sizes;
  // count * count, symmetric: what it costs that players a and b share a table
  // (0 for a pair who never met).
  std::vector<int> weight;
  // Whether tables should hold players close in the order (Swiss), or the
  // order only breaks ties (round robin).
  bool closeness = true;
  // Further starting points for the search, shuffled by a fixed seed (so the
  // result stays a function of the problem): they help where one greedy start
  // ends in a local minimum, at the cost of time.
  int restarts = 0;
};

// The cost of an arrangement, compared in this order: pairs who met, then how
// spread out the tables are, then (only to break ties) which table holds
// whom, earlier tables holding better-placed players.
struct ArrangeCost {
  std::int64_t repeats = 0;  // the sum of the weights of the pairs sharing a table
  std::int64_t spread = 0;   // the sum over pairs sharing a table of their distance in the order
};

// Each table's players (ascending), tables in the order of `sizes`.
// Deterministic: a function of the problem only.
std::vector<std::vector<int>> arrange(const ArrangeProblem& problem);

ArrangeCost cost_of(const ArrangeProblem& problem, const std::vector<std::vector<int>>& tables);

}  // namespace sp::tournament::detail
