#include "engine/pricing.hpp"

#include <algorithm>

namespace sp::engine {
namespace {

void add_discount(std::array<std::uint8_t, 4>& discount, Color color) {
  ++discount[static_cast<int>(color)];
}

}  // namespace

bool discounts_color(Ability ability, Color color) {
  switch (ability) {
    case Ability::kCarpenterWorkshopDiscount: return color == Color::kBlue;
    case Ability::kGoldSmelterDiscount: return color == Color::kOrange;
    case Ability::kCzarSuperstarDiscount: return color == Color::kBlue || color == Color::kOrange;
    case Ability::kObshchinaDiscount: return color == Color::kGreen;
    default: return false;
  }
}

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

PriceBreakdown explain_price(const PlayerState& buyer, const PriceQuery& query) {
  const CardSpec& card = spec(query.card);
  PriceBreakdown out;
  out.printed_cost = card.cost;
  out.displaced = query.displaced;
  if (query.displaced) out.displaced_value = spec(*query.displaced).displace_value;
  out.lower_row = query.from_lower_row;
  for (const TableauCard& owned : buyer.tableau) {
    if (owned.card == query.card) ++out.identical_owned;
    if (discounts_color(spec(owned.card).ability, card.color)) out.discounts.push_back(PriceDiscount{owned.card, 1});
  }
  int reduced = out.printed_cost - out.displaced_value - out.identical_owned - (out.lower_row ? 1 : 0);
  for (const PriceDiscount& d : out.discounts) reduced -= d.rubles;
  out.minimum_applied = reduced < 1;
  out.price = std::max(1, reduced);
  return out;
}

}  // namespace sp::engine
