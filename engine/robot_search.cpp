#include "engine/robot_search.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

#include "engine/action_values.hpp"
#include "engine/invariant.hpp"
#include "engine/legal_actions.hpp"
#include "engine/robot.hpp"

namespace sp::engine {
namespace {

// The legal actions worth trying, best worth first: the `count` best, and the
// best pass among them whatever its worth (waiting is often the move).
std::vector<Action> candidates(const GameState& state, Seat seat, int count) {
  const std::vector<LegalAction> actions = legal_actions(state, seat);
  SP_ASSERT(!actions.empty());
  const std::vector<double> worths = robot_worths(state, seat, actions);
  std::vector<std::size_t> order(actions.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return worths[a] > worths[b]; });
  std::vector<Action> kept;
  bool pass_kept = false;
  for (std::size_t i : order) {
    const bool pass = std::holds_alternative<Pass>(actions[i].action);
    if (static_cast<int>(kept.size()) >= count && (pass_kept || !pass)) continue;
    kept.push_back(actions[i].action);
    pass_kept = pass_kept || pass;
  }
  return kept;
}

}  // namespace

Action search_robot_action(const GameState& state, Seat seat, Rng& rng, SearchBudget budget,
                           const SearchStop* stop) {
  SP_ASSERT(!state.is_finished() && state.current == seat);
  SP_ASSERT(budget.candidates >= 1 && budget.deals >= 1);
  const std::uint64_t seed = rng.next();
  const std::vector<Action> tried = candidates(state, seat, budget.candidates);
  if (tried.size() == 1) return tried.front();

  const std::vector<double> total = action_values(state, seat, tried, seed, budget.deals, stop);
  // Ties go to the better worth: the candidates are in that order.
  const auto best = std::max_element(total.begin(), total.end());
  return tried[static_cast<std::size_t>(best - total.begin())];
}

}  // namespace sp::engine
