// JSON mapping of standing orders (engine/standing_order.hpp), one form for
// the wire and the store. What a player writes is an OrderWish: the rule and
// its expiry. A written order adds its anchor (the round and phase it was
// written in, and for "pass until the board changes" the board's fingerprint,
// as 16 hex digits so that JavaScript clients keep every bit).
//
//   {"order": "buy", "card": "carpenter", "max_price": 4, "expiry": "round_end",
//    "round": 2, "phase": "building"}
//
// "card" is a card id, {"color": "green"} or {"deck": "worker"}. docs/protocol.md,
// "Standing orders", lists every field. Decoding never throws.
#pragma once

#include <nlohmann/json.hpp>

#include <span>
#include <string_view>
#include <vector>

#include "engine/expected.hpp"
#include "engine/standing_order.hpp"
#include "protocol/engine_json.hpp"

namespace sp::protocol {

// The most orders one seat may keep: enough for every card a player could want,
// few enough that evaluating them at every turn stays cheap.
inline constexpr std::size_t kMaxOrdersPerSeat = 20;

struct OrderWish {
  engine::OrderRule rule;
  engine::Expiry expiry = engine::Expiry::kPhaseEnd;
  friend bool operator==(const OrderWish&, const OrderWish&) = default;
};

nlohmann::json encode_order_wish(const OrderWish& wish);
nlohmann::json encode_order(const engine::StandingOrder& order);
nlohmann::json encode_orders(std::span<const engine::StandingOrder> orders);

// `field` names the order in a refusal ("orders[2]").
[[nodiscard]] Expected<OrderWish, DecodeError> decode_order_wish(const nlohmann::json& j, std::string_view field);
[[nodiscard]] Expected<std::vector<engine::StandingOrder>, DecodeError> decode_orders(const nlohmann::json& j);

// A seat's list as the store keeps it (seats.standing_orders): encode_orders'
// text, and read back from it.
std::string encode_stored_orders(std::span<const engine::StandingOrder> orders);
[[nodiscard]] Expected<std::vector<engine::StandingOrder>, DecodeError> decode_stored_orders(std::string_view text);

std::string_view to_string(engine::Expiry expiry);

}  // namespace sp::protocol
