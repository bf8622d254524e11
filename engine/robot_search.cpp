#include "engine/robot_search.hpp"

#include <algorithm>
#include <vector>

#include "engine/action_values.hpp"
#include "engine/invariant.hpp"
#include "engine/search_candidates.hpp"

namespace sp::engine {

Action search_robot_action(const GameState& state, Seat seat, Rng& rng, SearchBudget budget,
                           const SearchStop* stop) {
  SP_ASSERT(!state.is_finished() && state.current == seat);
  SP_ASSERT(budget.candidates >= 1 && budget.deals >= 1);
  const std::uint64_t seed = rng.next();
  const std::vector<Action> tried = search_candidates(state, seat, budget.candidates);
  if (tried.size() == 1) return tried.front();

  const std::vector<double> total = action_values(state, seat, tried, seed, budget.deals, stop);
  // Ties go to the better worth: the candidates are in that order.
  const auto best = std::max_element(total.begin(), total.end());
  return tried[static_cast<std::size_t>(best - total.begin())];
}

}  // namespace sp::engine
