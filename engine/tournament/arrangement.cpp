#include "engine/tournament/arrangement.hpp"

#include <algorithm>
#include <cstdlib>
#include <span>
#include <tuple>

#include "engine/invariant.hpp"
#include "engine/rng.hpp"

namespace sp::tournament::detail {

namespace {

// Enough passes for any field a tournament has; a bound so that no input can
// make the search run on (each pass that changes nothing ends it anyway).
constexpr int kMaxPasses = 200;

class Search {
 public:
  explicit Search(const ArrangeProblem& problem) : p_(problem) {}

  // Greedy from the top: each table takes the best-placed player left, then
  // the best-placed of those who met nobody already at the table (or, when
  // everyone has, who met them least).
  std::vector<std::vector<int>> greedy() const {
    std::vector<bool> placed(static_cast<std::size_t>(p_.count), false);
    std::vector<std::vector<int>> tables;
    for (int size : p_.sizes) {
      std::vector<int> table;
      while (static_cast<int>(table.size()) < size) {
        int best = -1;
        int best_cost = 0;
        for (int candidate = 0; candidate < p_.count; ++candidate) {
          if (placed[candidate]) continue;
          int cost = 0;
          for (int member : table) cost += w(candidate, member);
          if (best < 0 || cost < best_cost) {
            best = candidate;
            best_cost = cost;
            if (cost == 0) break;  // nobody earlier in the order costs less
          }
        }
        placed[best] = true;
        table.push_back(best);
      }
      tables.push_back(std::move(table));
    }
    return tables;
  }

  // The order shuffled by `seed`, then cut into tables.
  std::vector<std::vector<int>> shuffled(std::uint64_t seed) const {
    std::vector<int> order(static_cast<std::size_t>(p_.count));
    for (int i = 0; i < p_.count; ++i) order[i] = i;
    engine::Rng rng(seed);
    rng.shuffle(std::span<int>(order));
    std::vector<std::vector<int>> tables;
    std::size_t next = 0;
    for (int size : p_.sizes) {
      std::vector<int> table;
      for (int i = 0; i < size; ++i) table.push_back(order[next++]);
      tables.push_back(std::move(table));
    }
    return tables;
  }

  // The order cut into consecutive blocks: the pairing with nothing to avoid.
  std::vector<std::vector<int>> blocks() const {
    std::vector<std::vector<int>> tables;
    int next = 0;
    for (int size : p_.sizes) {
      std::vector<int> table;
      for (int i = 0; i < size; ++i) table.push_back(next++);
      tables.push_back(std::move(table));
    }
    return tables;
  }

  // Swaps two players of different tables while that lowers the cost
  // (repeats, then spread, then a better-placed player at the earlier table).
  // Each accepted swap lowers the cost in that order, so the search ends.
  void improve(std::vector<std::vector<int>>& tables) const {
    const std::size_t n = tables.size();
    for (int pass = 0; pass < kMaxPasses; ++pass) {
      bool changed = false;
      for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
          for (std::size_t ai = 0; ai < tables[i].size(); ++ai) {
            for (std::size_t bj = 0; bj < tables[j].size(); ++bj) {
              const int a = tables[i][ai];
              const int b = tables[j][bj];
              std::int64_t d_repeats = 0;
              std::int64_t d_spread = 0;
              for (int x : tables[i]) {
                if (x == a) continue;
                d_repeats += w(b, x) - w(a, x);
                d_spread += distance(b, x) - distance(a, x);
              }
              for (int y : tables[j]) {
                if (y == b) continue;
                d_repeats += w(a, y) - w(b, y);
                d_spread += distance(a, y) - distance(b, y);
              }
              const bool better = d_repeats < 0 || (d_repeats == 0 && d_spread < 0) ||
                                  (d_repeats == 0 && d_spread == 0 && b < a);
              if (!better) continue;
              tables[i][ai] = b;
              tables[j][bj] = a;
              changed = true;
            }
          }
        }
      }
      if (!changed) break;
    }
    for (auto& table : tables) std::sort(table.begin(), table.end());
  }

 private:
  int w(int a, int b) const { return p_.weight[static_cast<std::size_t>(a) * p_.count + b]; }
  std::int64_t distance(int a, int b) const { return p_.closeness ? std::abs(a - b) : 0; }

  const ArrangeProblem& p_;
};

// Tables compared by cost, then by who sits where (earlier tables' players,
// better placed first), so that the choice between two candidates is a
// total order and the result never depends on which was tried first.
bool less(const ArrangeProblem& problem, const std::vector<std::vector<int>>& a,
          const std::vector<std::vector<int>>& b) {
  const ArrangeCost ca = cost_of(problem, a);
  const ArrangeCost cb = cost_of(problem, b);
  return std::tie(ca.repeats, ca.spread, a) < std::tie(cb.repeats, cb.spread, b);
}

}  // namespace

ArrangeCost cost_of(const ArrangeProblem& problem, const std::vector<std::vector<int>>& tables) {
  ArrangeCost cost;
  for (const auto& table : tables) {
    for (std::size_t i = 0; i < table.size(); ++i) {
      for (std::size_t j = i + 1; j < table.size(); ++j) {
        cost.repeats += problem.weight[static_cast<std::size_t>(table[i]) * problem.count + table[j]];
        if (problem.closeness) cost.spread += std::abs(table[i] - table[j]);
      }
    }
  }
  return cost;
}

std::vector<std::vector<int>> arrange(const ArrangeProblem& problem) {
  int seated = 0;
  for (int size : problem.sizes) seated += size;
  SP_ASSERT(seated == problem.count);
  SP_ASSERT(problem.weight.size() == static_cast<std::size_t>(problem.count) * problem.count);
  const Search search(problem);
  // Two starting points, each improved: the greedy one usually wins, and the
  // blocks guarantee the result never repeats more meetings than simply
  // cutting the order into tables would.
  std::vector<std::vector<int>> from_greedy = search.greedy();
  search.improve(from_greedy);
  std::vector<std::vector<int>> from_blocks = search.blocks();
  search.improve(from_blocks);
  std::vector<std::vector<int>> best = less(problem, from_blocks, from_greedy) ? from_blocks : from_greedy;
  for (int restart = 0; restart < problem.restarts && cost_of(problem, best).repeats > 0; ++restart) {
    std::vector<std::vector<int>> candidate = search.shuffled(0x5EED0000u + static_cast<std::uint64_t>(restart));
    search.improve(candidate);
    if (less(problem, candidate, best)) best = std::move(candidate);
  }
  return best;
}

}  // namespace sp::tournament::detail
