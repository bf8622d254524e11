// Questions about one player's cards: what is in the tableau, what it lets the
// player do, how many cards the hand may hold.
#pragma once

#include <optional>

#include "engine/card.hpp"
#include "engine/state.hpp"

namespace sp::engine {

int count_card(const PlayerState& player, CardId card);
int count_color(const PlayerState& player, Color color);
int count_ability(const PlayerState& player, Ability ability);
bool has_ability(const PlayerState& player, Ability ability);

// Index of the first face-up tableau card with this ability, or -1.
int find_face_up(const PlayerState& player, Ability ability);

// 3 cards, or 4 with a Warehouse. A player whose Warehouse was displaced keeps
// a fourth card but takes no more until the hand is below 3 (ruling 11).
int hand_limit(const PlayerState& player);
bool has_hand_room(const PlayerState& player);

// Whether `trading` may displace `target` (ruling 10). Inline: legal-action
// enumeration asks it for every trading card against every tableau card.
inline bool can_displace(CardId trading, const TableauCard& target) {
  const CardSpec& t = spec(trading);
  const CardSpec& d = spec(target.card);
  // Rulebook: a trading card cannot displace another trading card; a used
  // Observatory (or Debtor's Prison) cannot be displaced until it is face up.
  if (!t.trading || d.trading || d.is_action_card() || target.face_down) return false;
  switch (t.displaces) {
    case Displaces::kNone: return false;
    case Displaces::kSameSymbol:
      return d.color == Color::kGreen && (d.symbol == t.symbol || d.symbol == Symbol::kAny);
    case Displaces::kAnyWorker: return d.color == Color::kGreen;
    case Displaces::kAnyBuilding: return d.color == Color::kBlue;
    case Displaces::kAnyAristocrat: return d.color == Color::kOrange;
    case Displaces::kCzarAndCarpenter: return d.ability == Ability::kCzarAndCarpenter;
  }
  return false;
}

// Whether the player has any card `trading` may displace.
bool has_displacement_target(const PlayerState& player, CardId trading);

// Index of the tableau card with id `target` that `trading` would displace, or
// -1. Of identical cards, one with nothing lying on it goes first.
int displacement_index(const PlayerState& player, CardId trading, CardId target);

// Jester and Banquet lie on a tableau card with printed rubles and points both
// above 0 (ruling 22); index of the card with id `target` that would get the
// attachment, or -1.
int attachment_index(const PlayerState& player, CardId target, Ability attachment);

}  // namespace sp::engine
