// Replay: a game is its setup and its log of actions. Replaying the log from
// the setup rebuilds the state bit for bit.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/action.hpp"
#include "engine/expected.hpp"
#include "engine/rule_error.hpp"
#include "engine/setup.hpp"
#include "engine/state.hpp"

namespace sp::engine {

struct LoggedAction {
  Seat seat;
  Action action;
};

struct ReplayError {
  std::size_t index = 0;  // the log entry that failed (the setup's error: 0)
  std::string message;
};

[[nodiscard]] Expected<GameState, ReplayError> replay(const GameSetup& setup,
                                                      const std::vector<LoggedAction>& log);

}  // namespace sp::engine
