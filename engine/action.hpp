// Actions: what a seat asks the engine to do. One struct per kind of action,
// gathered in the Action variant so every visitor must handle every kind.
#pragma once

#include <optional>
#include <variant>

#include "engine/card.hpp"

namespace sp::engine {

// Where a card comes from (or, for a discard, where it lies).
enum class Source : std::uint8_t { kUpper, kLower, kDrawn, kDiscard, kHand, kTableau };

// Buy a card from the board, the Observatory's draw or the discard pile, and
// place it; a trading card names the card it displaces.
struct Buy {
  CardId card;
  Source from = Source::kUpper;
  std::optional<CardId> displace;
  friend bool operator==(const Buy&, const Buy&) = default;
};

// Take a card into the hand without paying.
struct Take {
  CardId card;
  Source from = Source::kUpper;
  friend bool operator==(const Take&, const Take&) = default;
};

// Play a card from the hand: pay for it and place it, or (an action card of The
// Banquet) use it, with its `target` where it needs one.
struct Play {
  CardId card;
  std::optional<CardId> displace;
  std::optional<CardId> target;
  friend bool operator==(const Play&, const Play&) = default;
};

struct Pass {
  bool until_phase_end = false;
  friend bool operator==(const Pass&, const Pass&) = default;
};

struct CancelPassUntilPhaseEnd {
  friend bool operator==(const CancelPassUntilPhaseEnd&, const CancelPassUntilPhaseEnd&) = default;
};

// Observatory: draw the top card of a stack.
struct UseObservatory {
  Deck stack = Deck::kWorker;
  friend bool operator==(const UseObservatory&, const UseObservatory&) = default;
};

// Discard: the Observatory's drawn card, a Sycophant from the tableau, or giving
// up a Debtor's Prison pick when nothing can be bought or taken.
struct Discard {
  std::optional<CardId> card;
  std::optional<Source> from;  // left out: whatever the pending decision discards
  friend bool operator==(const Discard&, const Discard&) = default;
};

// Pub: buy points at 2 rubles each.
struct BuyPoints {
  int points = 0;
  friend bool operator==(const BuyPoints&, const BuyPoints&) = default;
};

// Guild Hall: choose how its 4 are split between rubles and points.
struct SetGuildHall {
  int rubles = 0;
  int points = 4;
  friend bool operator==(const SetGuildHall&, const SetGuildHall&) = default;
};

// Trading House: pay 3 rubles for 2 points.
struct UseTradingHouse {
  friend bool operator==(const UseTradingHouse&, const UseTradingHouse&) = default;
};

// Debtor's Prison: pick a card from the discard pile.
struct UseDebtorsPrison {
  friend bool operator==(const UseDebtorsPrison&, const UseDebtorsPrison&) = default;
};

using Action = std::variant<Buy, Take, Play, Pass, CancelPassUntilPhaseEnd, UseObservatory, Discard,
                            BuyPoints, SetGuildHall, UseTradingHouse, UseDebtorsPrison>;

}  // namespace sp::engine
