#include "engine/robot_level.hpp"

#include <vector>

#include "engine/invariant.hpp"
#include "engine/legal_actions.hpp"
#include "engine/robot.hpp"
#include "engine/robot_search.hpp"

namespace sp::engine {
namespace {

// Measured in docs/robot.md: each level against the one below, and the
// strongest's decision time.
constexpr SearchBudget kQuickBudget{3, 4};
constexpr SearchBudget kDeepBudget{4, 12};

}  // namespace

std::optional<RobotLevel> robot_level_from_string(std::string_view text) {
  if (text == "strongest") return kStrongestRobot;
  if (text.size() == 1 && text[0] >= '0' && text[0] < '0' + kRobotLevelCount) {
    return static_cast<RobotLevel>(text[0] - '0');
  }
  return std::nullopt;
}

Action choose_robot_action(const GameState& state, Seat seat, Rng& rng, RobotLevel level, const SearchStop* stop) {
  switch (level) {
    case RobotLevel::kRandom: {
      const std::vector<LegalAction> legal = legal_actions(state, seat);
      SP_ASSERT(!legal.empty());
      return legal[static_cast<std::size_t>(rng.below(legal.size()))].action;
    }
    case RobotLevel::kWorth: return choose_robot_action(state, seat, rng);
    case RobotLevel::kQuickSearch: return search_robot_action(state, seat, rng, kQuickBudget, stop);
    case RobotLevel::kDeepSearch: return search_robot_action(state, seat, rng, kDeepBudget, stop);
  }
  SP_ASSERT(false);
  return Pass{};
}

}  // namespace sp::engine
