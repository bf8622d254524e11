// The `details` a table's notifications carry, by kind (docs/notifications.md):
// one struct each and one encoder, so that what a client reads of a notice is
// written in one place.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <span>
#include <string>

#include "engine/standing_order.hpp"

namespace sp::protocol {

struct YourTurnDetails {
  std::int64_t move_number = 0;  // the move awaited
};
struct TimedOutDetails {
  int seat = 0;
  std::string name;
  int timeouts = 0;
  std::string controller;  // who plays the seat now
};
struct GameEndedDetails {
  int place = 0;
  int points = 0;
};
struct DeadlineNearDetails {
  std::int64_t hours = 0;  // left, at most
  std::int64_t deadline_at = 0;
};
struct ChatMentionDetails {
  std::string from;
};
struct OrdersLapsedDetails {
  std::span<const engine::StandingOrder> lapsed;
};

nlohmann::json encode_details(const YourTurnDetails& d);
nlohmann::json encode_details(const TimedOutDetails& d);
nlohmann::json encode_details(const GameEndedDetails& d);
nlohmann::json encode_details(const DeadlineNearDetails& d);
nlohmann::json encode_details(const ChatMentionDetails& d);
nlohmann::json encode_details(const OrdersLapsedDetails& d);

}  // namespace sp::protocol
