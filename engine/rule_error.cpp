#include "engine/rule_error.hpp"

namespace sp::engine {

std::string_view to_string(RuleErrorCode code) {
  switch (code) {
    case RuleErrorCode::kGameOver: return "game_over";
    case RuleErrorCode::kNotYourTurn: return "not_your_turn";
    case RuleErrorCode::kUnknownSeat: return "unknown_seat";
    case RuleErrorCode::kActionNotAllowedNow: return "action_not_allowed_now";
    case RuleErrorCode::kCardNotAvailable: return "card_not_available";
    case RuleErrorCode::kCardNotInHand: return "card_not_in_hand";
    case RuleErrorCode::kHandFull: return "hand_full";
    case RuleErrorCode::kCannotAfford: return "cannot_afford";
    case RuleErrorCode::kDisplacementRequired: return "displacement_required";
    case RuleErrorCode::kInvalidDisplacement: return "invalid_displacement";
    case RuleErrorCode::kNoDisplacementTarget: return "no_displacement_target";
    case RuleErrorCode::kNotATradingCard: return "not_a_trading_card";
    case RuleErrorCode::kActionCardNotBuyable: return "action_card_not_buyable";
    case RuleErrorCode::kActionCardNotPlayable: return "action_card_not_playable";
    case RuleErrorCode::kInvalidTarget: return "invalid_target";
    case RuleErrorCode::kNotOwned: return "not_owned";
    case RuleErrorCode::kAlreadyUsed: return "already_used";
    case RuleErrorCode::kWrongPhase: return "wrong_phase";
    case RuleErrorCode::kStackTooSmall: return "stack_too_small";
    case RuleErrorCode::kInvalidAmount: return "invalid_amount";
    case RuleErrorCode::kOptionDisabled: return "option_disabled";
    case RuleErrorCode::kNothingToCancel: return "nothing_to_cancel";
    case RuleErrorCode::kTakenThisDoubleTurn: return "taken_this_double_turn";
  }
  return "unknown";
}

}  // namespace sp::engine
