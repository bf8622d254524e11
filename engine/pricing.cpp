#include "engine/pricing.hpp"

#include <algorithm>

namespace sp::engine {

int price(const PlayerState& buyer, const PriceQuery& query) {
  const CardSpec& card = spec(query.card);
  int reduction = query.from_lower_row ? 1 : 0;
  for (const TableauCard& owned : buyer.tableau) {
    if (owned.card == query.card) ++reduction;
    switch (spec(owned.card).ability) {
      case Ability::kCarpenterWorkshopDiscount:
        reduction += card.color == Color::kBlue ? 1 : 0;
        break;
      case Ability::kGoldSmelterDiscount:
        reduction += card.color == Color::kOrange ? 1 : 0;
        break;
      case Ability::kCzarSuperstarDiscount:
        reduction += (card.color == Color::kBlue || card.color == Color::kOrange) ? 1 : 0;
        break;
      case Ability::kObshchinaDiscount:
        reduction += card.color == Color::kGreen ? 1 : 0;
        break;
      default:
        break;
    }
  }
  int cost = card.cost;
  if (query.displaced) cost -= spec(*query.displaced).displace_value;
  // Rulebook: "A player must always pay at least 1 ruble to buy a card."
  return std::max(1, cost - reduction);
}

}  // namespace sp::engine
