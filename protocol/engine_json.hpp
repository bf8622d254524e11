// JSON mapping of the engine's types: actions and options in both directions,
// views, events, legal actions and rule errors outward.
//
// Decoding never throws: malformed input comes back as a DecodeError with a
// stable code and a sentence naming the field. Enumerations travel as
// snake_case strings, cards as their cards.json ids. Stateless; safe from any
// thread.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/action.hpp"
#include "engine/event.hpp"
#include "engine/expected.hpp"
#include "engine/card_prices.hpp"
#include "engine/legal_actions.hpp"
#include "engine/options.hpp"
#include "engine/rule_error.hpp"
#include "engine/view.hpp"
#include "protocol/decode_error.hpp"

namespace sp::protocol {

using nlohmann::json;

[[nodiscard]] Expected<engine::Action, DecodeError> decode_action(const json& j);
[[nodiscard]] Expected<engine::TableOptions, DecodeError> decode_options(const json& j);
[[nodiscard]] Expected<engine::CardId, DecodeError> decode_card(const json& j, std::string_view field);

json encode_action(const engine::Action& action);
json encode_options(const engine::TableOptions& options);
json encode_view(const engine::TableView& view, std::span<const std::string> names);
// The view's parts, for ViewText: encode_view is encode_view_rest with
// "players", "options" and, when not empty, "stack_contents" added.
json encode_player(const engine::PlayerView& player, std::span<const std::string> names);
json encode_stack_contents(const std::array<engine::StackView, engine::kDeckCount>& stacks);
json encode_view_rest(const engine::TableView& view);
json encode_event(const engine::Event& event);
// An event as a given viewer may see it (engine::event_for decides): a card
// hidden from the viewer is null.
json encode_event_for(const engine::Event& event, const engine::TableOptions& options, engine::Viewer viewer);
json encode_legal_action(const engine::LegalAction& legal);
json encode_rule_error(const engine::RuleError& error);
// {"card", "from", "displace" (a trading card's), "price"}: what a card in view would cost a seat.
json encode_card_price(const engine::CardPrice& price);

std::string_view to_string(engine::Source source);
std::string_view to_string(engine::Step step);
std::string_view to_string(engine::PubTiming timing);

}  // namespace sp::protocol
