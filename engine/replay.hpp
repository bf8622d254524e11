// Replay: a game is its setup and its log of actions. Replaying the log from
// the setup rebuilds the state bit for bit.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/action.hpp"
#include "engine/event.hpp"
#include "engine/expected.hpp"
#include "engine/log_entry.hpp"
#include "engine/rule_error.hpp"
#include "engine/setup.hpp"
#include "engine/state.hpp"

namespace sp::engine {

// One entry of a game's log. An entry of another kind than kAction is the
// seat's player resigning, voting or undoing (log_entry.hpp); its `action` is
// left at its default and never applied.
struct LoggedAction {
  Seat seat;
  Action action;
  LogKind kind = LogKind::kAction;
};

// Applies one entry to `state`. `before` is the state before the latest
// action not taken back (kept here for an undo: an action fills it, an undo
// restores it and empties it, so an undo always follows an action it may take
// back). A refusal is a sentence: the log does not replay.
[[nodiscard]] Expected<void, std::string> apply_entry(GameState& state, std::optional<GameState>& before,
                                                      const LoggedAction& entry, Events* events);

struct ReplayError {
  std::size_t index = 0;  // the log entry that failed (the setup's error: 0)
  std::string message;
};

[[nodiscard]] Expected<GameState, ReplayError> replay(const GameSetup& setup,
                                                      const std::vector<LoggedAction>& log);

// Called after each action of a replay with its index in the log, the state
// it led to and what happened (events are not stored: a replay recomputes them).
using ReplayVisitor =
    std::function<void(std::size_t index, const LoggedAction& logged, const GameState& after, const Events& events)>;

// The same replay, visiting every action: the one way a log is walked, for
// the moves a client missed as for the whole game.
[[nodiscard]] Expected<GameState, ReplayError> replay(const GameSetup& setup, const std::vector<LoggedAction>& log,
                                                      const ReplayVisitor& each);

}  // namespace sp::engine
