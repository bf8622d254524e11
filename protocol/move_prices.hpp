// What a move cost and why: the price of each purchase among a move's events,
// explained from the buyer's tableau before the move (engine/pricing.hpp),
// for `spb admin replay` and admin_replay alike.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>

#include "engine/event.hpp"
#include "engine/pricing.hpp"
#include "engine/state.hpp"
#include "protocol/language.hpp"

namespace sp::protocol {

// The price of a card bought or placed from the hand; nothing for events that
// cost nothing (action cards, passes, the automatic flow).
std::optional<engine::PriceBreakdown> price_paid(const engine::Event& event, const engine::GameState& before);

// What the engine charged for that event.
int price_charged(const engine::Event& event);

// {"card", "printed_cost", "displaced", "displaced_value", "identical_owned",
// "lower_row", "discounts": [{"card", "rubles"}], "minimum_applied", "price",
// "charged", "text"}: every term, and the whole in words in `language`.
nlohmann::json encode_price(engine::CardId card, const engine::PriceBreakdown& price, int charged, Language language);

}  // namespace sp::protocol
