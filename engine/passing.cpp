// Passing, and pass until the phase ends (rulings 4 to 6).
#include "engine/flow.hpp"
#include "engine/handlers.hpp"

namespace sp::engine::handlers {

Result pass(GameState& state, Seat seat, const Pass& action, Events* events) {
  switch (state.step) {
    case Step::kActions:
      if (action.until_phase_end && !state.options.pass_until_phase_end) {
        return reject(RuleErrorCode::kOptionDisabled, "This table does not allow passing until the phase ends.");
      }
      state.player(seat).passed_until_phase_end = action.until_phase_end;
      emit(events, Passed{seat, PassKind::kChosen, action.until_phase_end});
      flow::finish_turn(state, true);
      return {};
    case Step::kPickpocket:
      if (action.until_phase_end) break;
      emit(events, PickpocketAnswered{seat, false});
      flow::begin_actions(state, state.markers[static_cast<int>(state.phase)]);
      return {};
    case Step::kPubPurchase:
      if (action.until_phase_end) break;
      emit(events, Passed{seat, PassKind::kChosen, false});
      flow::continue_pub_window(state, events);
      return {};
    default:
      break;
  }
  return reject_pending(state);
}

Result cancel_pass(GameState& state, Seat seat, Events* events) {
  PlayerState& player = state.player(seat);
  if (!player.passed_until_phase_end) {
    return reject(RuleErrorCode::kNothingToCancel, "You have not passed until the end of the phase.");
  }
  player.passed_until_phase_end = false;
  emit(events, PassUntilPhaseEndCancelled{seat});
  return {};
}

}  // namespace sp::engine::handlers
