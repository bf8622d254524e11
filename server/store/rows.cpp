#include "server/store/rows.hpp"

#include "server/store/correspondence_rows.hpp"

namespace sp::server {


std::string_view to_string(SeatController controller) {
  switch (controller) {
    case SeatController::kHuman: return "human";
    case SeatController::kRobot: return "robot";
    case SeatController::kAbsent: return "absent";
  }
  return "human";
}

std::optional<SeatController> parse_seat_controller(std::string_view word) {
  if (word == "human") return SeatController::kHuman;
  if (word == "robot") return SeatController::kRobot;
  if (word == "absent") return SeatController::kAbsent;
  return std::nullopt;
}

std::string_view to_string(Actor actor) {
  switch (actor) {
    case Actor::kPlayer: return "player";
    case Actor::kRobot: return "robot";
    case Actor::kTimeout: return "timeout";
    case Actor::kAbsent: return "absent";
    case Actor::kOrder: return "order";
  }
  return "player";
}

Actor parse_actor(std::string_view word) {
  if (word == "robot") return Actor::kRobot;
  if (word == "timeout") return Actor::kTimeout;
  if (word == "absent") return Actor::kAbsent;
  if (word == "order") return Actor::kOrder;
  return Actor::kPlayer;
}

std::string_view to_string(DeliveryStatus status) {
  switch (status) {
    case DeliveryStatus::kPending: return "pending";
    case DeliveryStatus::kDelivered: return "delivered";
    case DeliveryStatus::kGivenUp: return "given_up";
  }
  return "given_up";
}

DeliveryStatus parse_delivery_status(std::string_view word) {
  if (word == "pending") return DeliveryStatus::kPending;
  if (word == "delivered") return DeliveryStatus::kDelivered;
  return DeliveryStatus::kGivenUp;
}

std::string_view to_string(DeliveryChannel channel) {
  return channel == DeliveryChannel::kPush ? "push" : "webhook";
}

DeliveryChannel parse_delivery_channel(std::string_view word) {
  return word == "push" ? DeliveryChannel::kPush : DeliveryChannel::kWebhook;
}

}  // namespace sp::server
