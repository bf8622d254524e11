#include "protocol/move_prices.hpp"

#include "protocol/move_words.hpp"

namespace sp::protocol {

using nlohmann::json;

std::optional<engine::PriceBreakdown> price_paid(const engine::Event& event, const engine::GameState& before) {
  if (const auto* bought = std::get_if<engine::CardBought>(&event)) {
    return engine::explain_price(before.player(bought->seat),
                                 {bought->card, bought->from == engine::Source::kLower, bought->displaced});
  }
  if (const auto* played = std::get_if<engine::CardPlayed>(&event); played && !engine::spec(played->card).is_action_card()) {
    return engine::explain_price(before.player(played->seat), {played->card, false, played->displaced});
  }
  return std::nullopt;
}

int price_charged(const engine::Event& event) {
  if (const auto* bought = std::get_if<engine::CardBought>(&event)) return bought->price;
  if (const auto* played = std::get_if<engine::CardPlayed>(&event)) return played->price;
  return 0;
}

json encode_price(engine::CardId card, const engine::PriceBreakdown& p, int charged, Language language) {
  const auto id = [](engine::CardId c) { return std::string(engine::spec(c).id); };
  json discounts = json::array();
  for (const engine::PriceDiscount& d : p.discounts) discounts.push_back(json{{"card", id(d.card)}, {"rubles", d.rubles}});
  return json{{"card", id(card)},
              {"printed_cost", p.printed_cost},
              {"displaced", p.displaced ? json(id(*p.displaced)) : json(nullptr)},
              {"displaced_value", p.displaced_value},
              {"identical_owned", p.identical_owned},
              {"lower_row", p.lower_row},
              {"discounts", discounts},
              {"minimum_applied", p.minimum_applied},
              {"price", p.price},
              {"charged", charged},
              {"text", describe_price(p, language)}};
}

}  // namespace sp::protocol
