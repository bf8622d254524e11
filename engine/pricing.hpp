// What a card costs one player now (ruling 9, rulebook "cost reduction").
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/card.hpp"
#include "engine/state.hpp"

namespace sp::engine {

struct PriceQuery {
  CardId card;
  bool from_lower_row = false;
  std::optional<CardId> displaced;  // for a trading card
};

// What one player's tableau takes off prices, summed up once so that pricing
// many cards (legal actions, views) does not rescan the tableau each time.
class PriceList {
 public:
  explicit PriceList(const PlayerState& buyer);

  // Printed cost, minus one per identical card in the tableau, minus one from
  // the lower row, minus the discounts of the tableau's cards (Carpenter
  // Workshop, Gold Smelter, Czar and Superstar, Obshchina Commune), minus the
  // displaced card's value; never below 1.
  int price(const PriceQuery& query) const;

 private:
  std::array<std::uint8_t, 128> owned_{};           // copies of each card in the tableau
  std::array<std::uint8_t, 4> color_discount_{};    // by Color
};

int price(const PlayerState& buyer, const PriceQuery& query);

// Whether a discount card in the tableau lowers the price of cards of `color`.
bool discounts_color(Ability ability, Color color);

// A discount card in the buyer's tableau and the rubles it takes off.
struct PriceDiscount {
  CardId card;
  int rubles = 0;
  friend bool operator==(const PriceDiscount&, const PriceDiscount&) = default;
};

// Why a card costs what it costs: every term of price(), so that an
// administrator can answer "the card says 8, the server charged me 9".
struct PriceBreakdown {
  int printed_cost = 0;
  std::optional<CardId> displaced;
  int displaced_value = 0;          // what the displaced card is worth
  int identical_owned = 0;          // one ruble off per identical card in the tableau
  bool lower_row = false;           // one ruble off from the lower row
  std::vector<PriceDiscount> discounts;  // the tableau's discount cards, in tableau order
  bool minimum_applied = false;     // the reductions reached 0 or less: 1 ruble is the least
  int price = 0;                    // equals price(buyer, query)
};

PriceBreakdown explain_price(const PlayerState& buyer, const PriceQuery& query);

}  // namespace sp::engine
