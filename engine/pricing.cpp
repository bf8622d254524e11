#include "engine/pricing.hpp"

#include <algorithm>

namespace sp::engine {
namespace {

void add_discount(std::array<std::uint8_t, 4>& discount, Color color) {
  ++discount[static_cast<int>(color)];
}

}  // namespace

PriceList::PriceList(const PlayerState& buyer) {
  static_assert(sizeof(CardId::value) == 1);
  for (const TableauCard& owned : buyer.tableau) {
    SP_ASSERT(owned.card.value < owned_.size());
    ++owned_[owned.card.value];
    switch (spec(owned.card).ability) {
      case Ability::kCarpenterWorkshopDiscount:
        add_discount(color_discount_, Color::kBlue);
        break;
      case Ability::kGoldSmelterDiscount:
        add_discount(color_discount_, Color::kOrange);
        break;
      case Ability::kCzarSuperstarDiscount:
        add_discount(color_discount_, Color::kBlue);
        add_discount(color_discount_, Color::kOrange);
        break;
      case Ability::kObshchinaDiscount:
        add_discount(color_discount_, Color::kGreen);
        break;
      default:
        break;
    }
  }
}

int PriceList::price(const PriceQuery& query) const {
  const CardSpec& card = spec(query.card);
  int cost = card.cost;
  if (query.displaced) cost -= spec(*query.displaced).displace_value;
  const int reduction = owned_[query.card.value] + (query.from_lower_row ? 1 : 0) +
                        color_discount_[static_cast<int>(card.color)];
  // Rulebook: "A player must always pay at least 1 ruble to buy a card."
  return std::max(1, cost - reduction);
}

int price(const PlayerState& buyer, const PriceQuery& query) { return PriceList(buyer).price(query); }

}  // namespace sp::engine
