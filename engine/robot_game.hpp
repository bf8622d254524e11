// Games with robots at some seats and random players at the others: what
// `spb robot-match`, the robot tests and the benchmark play.
#pragma once

#include <cstdint>

#include "engine/rng.hpp"
#include "engine/state.hpp"

namespace sp::engine {

// The seats a robot plays, one bit per seat.
using RobotSeats = std::uint32_t;

struct RobotGameStats {
  std::uint64_t actions = 0;
  std::uint64_t robot_decisions = 0;
};

// Plays `state` to its end: robots at `robots`, random players elsewhere, all
// drawing from `rng`. Returns false if it did not end within `max_actions`.
bool play_with_robots(GameState& state, RobotSeats robots, Rng& rng, RobotGameStats& stats,
                      std::uint64_t max_actions = 100000);

}  // namespace sp::engine
