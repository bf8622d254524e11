// Rule errors: why the engine refused an action. The code is stable (it goes on
// the wire as a string and clients may act on it); the message is a sentence a
// player understands, naming the cards and sums involved.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace sp::engine {

enum class RuleErrorCode : std::uint8_t {
  kGameOver,
  kNotYourTurn,
  kUnknownSeat,
  kActionNotAllowedNow,   // the engine waits for another kind of decision
  kCardNotAvailable,      // not in that row, not drawn, not in the discard pile
  kCardNotInHand,
  kHandFull,
  kCannotAfford,
  kDisplacementRequired,  // a trading card needs a card to displace
  kInvalidDisplacement,   // that card cannot be displaced by this one
  kNoDisplacementTarget,  // nothing in the tableau that this trading card may displace
  kNotATradingCard,       // a displacement named for a card that displaces nothing
  kActionCardNotBuyable,  // Banquet action cards are taken, never bought
  kActionCardNotPlayable, // its effect is impossible now
  kInvalidTarget,
  kNotOwned,              // the seat has no such card in its tableau
  kAlreadyUsed,
  kWrongPhase,
  kStackTooSmall,
  kInvalidAmount,
  kOptionDisabled,
  kNothingToCancel,
  kTakenThisDoubleTurn,
};

struct RuleError {
  RuleErrorCode code = RuleErrorCode::kActionNotAllowedNow;
  std::string message;
};

std::string_view to_string(RuleErrorCode code);

}  // namespace sp::engine
