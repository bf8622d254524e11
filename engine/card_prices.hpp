// What each card in view would cost one seat, whoever is to act: the cards in
// the upper and lower rows and in the seat's hand, at the seat's prices now
// (pricing.hpp), so that a player can plan while others move. Unlike legal
// actions this says nothing of what is allowed: no turn, no rubles, no room
// in the hand is asked for.
#pragma once

#include <optional>
#include <vector>

#include "engine/action.hpp"
#include "engine/state.hpp"

namespace sp::engine {

struct CardPrice {
  CardId card;
  Source from;                     // kUpper, kLower or kHand
  std::optional<CardId> displace;  // a trading card: once per card of the tableau it may displace
  int price = 0;
  friend bool operator==(const CardPrice&, const CardPrice&) = default;
};

// Identical cards of one place are listed once; a trading card with nothing
// to displace is not listed; action cards cost nothing and are not listed.
std::vector<CardPrice> card_prices(const GameState& state, Seat seat);

}  // namespace sp::engine
