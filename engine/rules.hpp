// The rules engine's entry point: apply one action of one seat to a game.
//
// apply() validates the action against the rules and either returns the next
// state with the events that led to it, or a RuleError and nothing else: a
// rejected action never changes anything. After an accepted action the engine
// runs the game's automatic flow (automatic passes, scoring, new cards, the end
// of a round or of the game) until it waits for a seat again.
//
// Pure functions: no I/O, no clock, no shared state; safe from any thread.
#pragma once

#include "engine/action.hpp"
#include "engine/event.hpp"
#include "engine/expected.hpp"
#include "engine/rule_error.hpp"
#include "engine/state.hpp"

namespace sp::engine {

struct Transition {
  GameState state;
  Events events;
};

[[nodiscard]] Expected<Transition, RuleError> apply(const GameState& state, Seat seat,
                                                    const Action& action);

// The same on a state the caller owns: on error `state` is left as it was.
// `events` may be null when the caller does not want them.
[[nodiscard]] Expected<void, RuleError> apply_in_place(GameState& state, Seat seat,
                                                       const Action& action, Events* events);

}  // namespace sp::engine
