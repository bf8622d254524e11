// Order errors: why a standing order was refused when written. Like rule
// errors, the code is stable (it goes on the wire as a string) and the message
// is a sentence a player understands.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace sp::engine {

enum class OrderErrorCode : std::uint8_t {
  kGameOver,
  kUnknownSeat,
  kExpired,               // anchored to a phase or round that has ended
  kCardNotInGame,         // not in this table's card set (or no card of that kind is)
  kCardGone,              // no copy can come to a row any more
  kCannotGet,             // a card to play that the seat does not hold and can never get
  kPriceBelowAnyPrice,    // the price limit is below the lowest price the card can ever have
  kNeverBought,           // Banquet action cards are taken, never bought
  kInvalidDisplacement,
  kInvalidTarget,
  kInvalidAmount,
  kQuestionNeverAsked,    // an answer to a question this table's options never ask
  kAskedAtPhaseStart,     // the Pickpocket is played only when asked: leave a Pickpocket answer
  kOptionDisabled,
};

struct OrderError {
  OrderErrorCode code = OrderErrorCode::kGameOver;
  std::string message;
};

std::string_view to_string(OrderErrorCode code);

}  // namespace sp::engine
