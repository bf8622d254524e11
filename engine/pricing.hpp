// What a card costs one player now (ruling 9, rulebook "cost reduction").
#pragma once

#include <optional>

#include "engine/card.hpp"
#include "engine/state.hpp"

namespace sp::engine {

struct PriceQuery {
  CardId card;
  bool from_lower_row = false;
  std::optional<CardId> displaced;  // for a trading card
};

// Printed cost, minus one per identical card in the tableau, minus one from the
// lower row, minus the discounts of the tableau's cards (Carpenter Workshop,
// Gold Smelter, Czar and Superstar, Obshchina Commune), minus the displaced
// card's value; never below 1.
int price(const PlayerState& buyer, const PriceQuery& query);

}  // namespace sp::engine
