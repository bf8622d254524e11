#include "engine/card_prices.hpp"

#include <algorithm>
#include <array>

#include "engine/pricing.hpp"
#include "engine/tableau.hpp"

namespace sp::engine {
namespace {

template <typename Cards>
void price_each(const Cards& cards, Source from, const PlayerState& player, const PriceList& prices,
                std::vector<CardPrice>& out) {
  std::array<bool, 256> listed{};
  for (const CardId card : cards) {
    if (listed[card.value] || spec(card).is_action_card()) continue;
    listed[card.value] = true;
    const bool lower = from == Source::kLower;
    if (!spec(card).trading) {
      out.push_back(CardPrice{card, from, std::nullopt, prices.price(PriceQuery{card, lower, std::nullopt})});
      continue;
    }
    std::array<bool, 256> targets{};
    for (const TableauCard& owned : player.tableau) {
      if (targets[owned.card.value] || !can_displace(card, owned)) continue;
      targets[owned.card.value] = true;
      out.push_back(CardPrice{card, from, owned.card, prices.price(PriceQuery{card, lower, owned.card})});
    }
  }
}

}  // namespace

std::vector<CardPrice> card_prices(const GameState& state, Seat seat) {
  std::vector<CardPrice> out;
  if (seat.value >= state.player_count) return out;
  const PlayerState& player = state.player(seat);
  const PriceList prices(player);
  price_each(state.upper, Source::kUpper, player, prices, out);
  price_each(state.lower, Source::kLower, player, prices, out);
  price_each(player.hand, Source::kHand, player, prices, out);
  return out;
}

}  // namespace sp::engine
