// Internal to the engine: one handler per kind of action. Each checks every
// rule first and changes `state` only once the action is known to be legal,
// so that a rejected action leaves the state untouched.
#pragma once

#include <string>

#include "engine/action.hpp"
#include "engine/event.hpp"
#include "engine/expected.hpp"
#include "engine/rule_error.hpp"
#include "engine/state.hpp"

namespace sp::engine::handlers {

using Result = Expected<void, RuleError>;

inline Unexpected<RuleError> reject(RuleErrorCode code, std::string message) {
  return unexpected(RuleError{code, std::move(message)});
}

// The error for an action of the wrong kind while a decision is pending.
Unexpected<RuleError> reject_pending(const GameState& state);

Result buy(GameState& state, Seat seat, const Buy& action, Events* events);
Result take(GameState& state, Seat seat, const Take& action, Events* events);
Result play(GameState& state, Seat seat, const Play& action, Events* events);
Result play_action_card(GameState& state, Seat seat, const Play& action, Events* events);
Result pass(GameState& state, Seat seat, const Pass& action, Events* events);
Result cancel_pass(GameState& state, Seat seat, Events* events);
Result use_observatory(GameState& state, Seat seat, const UseObservatory& action, Events* events);
Result discard(GameState& state, Seat seat, const Discard& action, Events* events);
Result buy_points(GameState& state, Seat seat, const BuyPoints& action, Events* events);
Result set_guild_hall(GameState& state, Seat seat, const SetGuildHall& action, Events* events);
Result use_trading_house(GameState& state, Seat seat, Events* events);
Result use_debtors_prison(GameState& state, Seat seat, Events* events);

template <typename E>
void emit(Events* events, E event) {
  if (events != nullptr) events->push_back(std::move(event));
}

std::string seat_name(Seat seat);
std::string rubles(int amount);

}  // namespace sp::engine::handlers
