// Robot levels (issue 33): how strongly a robot plays, from random moves to a
// search. Every level knows only what its seat may know, and its choice is the
// same for the same state and generator (docs/robot.md has each level's
// measured strength and decision time).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/action.hpp"
#include "engine/rng.hpp"
#include "engine/robot_search.hpp"
#include "engine/seat.hpp"
#include "engine/state.hpp"

namespace sp::engine {

enum class RobotLevel : std::uint8_t {
  kRandom = 0,       // a legal action at random
  kWorth = 1,        // the best action by its worth in points (engine/robot.hpp)
  kQuickSearch = 2,  // a small search over imagined deals (engine/robot_search.hpp)
  kDeepSearch = 3,   // the same search, larger
};

inline constexpr RobotLevel kStrongestRobot = RobotLevel::kDeepSearch;
inline constexpr int kRobotLevelCount = 4;

// "0" to "3", or "strongest".
std::optional<RobotLevel> robot_level_from_string(std::string_view text);

// Chooses a legal action for `seat` at `level`, using only what that seat may know.
// A search level asks `stop` between its deals (robot_search.hpp); with none
// it plays its whole budget, the same choice on any machine.
// REQUIRES: the seat is to act (state.current) and the game is not over.
Action choose_robot_action(const GameState& state, Seat seat, Rng& rng, RobotLevel level,
                           const SearchStop* stop = nullptr);

}  // namespace sp::engine
