#include "engine/search_candidates.hpp"

#include <algorithm>
#include <numeric>

#include "engine/invariant.hpp"
#include "engine/legal_actions.hpp"
#include "engine/robot.hpp"

namespace sp::engine {

std::vector<Action> search_candidates(const GameState& state, Seat seat, int count) {
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

}  // namespace sp::engine
