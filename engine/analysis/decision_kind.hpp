// What kind of decision an action is, in a player's words: the summary of a
// seat's analysis adds up the points lost by kind (docs/analysis.md).
#pragma once

#include <cstdint>
#include <string_view>

#include "engine/action.hpp"

namespace sp::engine {

enum class DecisionKind : std::uint8_t {
  kBuying,          // a card bought (from the board, a draw, the discard pile) or played from the hand
  kDisplacement,    // a trading card placed over a card of the tableau
  kTakingIntoHand,  // a card taken into the hand
  kPassing,         // a pass, a pass until the phase ends, or taking that back
  kPub,             // points bought at the Pub
  kCardAbility,     // any other card's ability: Observatory, a discard, Guild Hall, Trading House,
                    // Debtor's Prison, a Banquet action card
};
inline constexpr int kDecisionKindCount = 6;

DecisionKind decision_kind(const Action& action);

// "buying", "displacement", "taking_into_hand", "passing", "pub", "card_ability".
std::string_view to_string(DecisionKind kind);

}  // namespace sp::engine
