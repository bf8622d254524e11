#include "engine/robot_game.hpp"

#include <vector>

#include "engine/legal_actions.hpp"
#include "engine/robot.hpp"
#include "engine/rules.hpp"

namespace sp::engine {

bool play_with_robots(GameState& state, RobotSeats robots, Rng& rng, RobotGameStats& stats,
                      std::uint64_t max_actions) {
  std::vector<LegalAction> legal;
  for (std::uint64_t n = 0; n < max_actions && !state.is_finished(); ++n) {
    const Seat seat = state.current;
    Action action;
    if ((robots >> seat.value) & 1u) {
      action = choose_robot_action(state, seat, rng);
      ++stats.robot_decisions;
    } else {
      legal_actions_into(state, seat, legal);
      action = legal[static_cast<std::size_t>(rng.below(legal.size()))].action;
    }
    const auto result = apply_in_place(state, seat, action, nullptr);
    SP_ASSERT(result.has_value());
    ++stats.actions;
  }
  return state.is_finished();
}

}  // namespace sp::engine
