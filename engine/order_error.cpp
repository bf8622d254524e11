#include "engine/order_error.hpp"

namespace sp::engine {

std::string_view to_string(OrderErrorCode code) {
  switch (code) {
    case OrderErrorCode::kGameOver: return "game_over";
    case OrderErrorCode::kUnknownSeat: return "unknown_seat";
    case OrderErrorCode::kExpired: return "expired";
    case OrderErrorCode::kCardNotInGame: return "card_not_in_game";
    case OrderErrorCode::kCardGone: return "card_gone";
    case OrderErrorCode::kCannotGet: return "cannot_get";
    case OrderErrorCode::kPriceBelowAnyPrice: return "price_below_any_price";
    case OrderErrorCode::kNeverBought: return "never_bought";
    case OrderErrorCode::kInvalidDisplacement: return "invalid_displacement";
    case OrderErrorCode::kInvalidTarget: return "invalid_target";
    case OrderErrorCode::kInvalidAmount: return "invalid_amount";
    case OrderErrorCode::kQuestionNeverAsked: return "question_never_asked";
    case OrderErrorCode::kAskedAtPhaseStart: return "asked_at_phase_start";
    case OrderErrorCode::kOptionDisabled: return "option_disabled";
  }
  return "unknown";
}

}  // namespace sp::engine
