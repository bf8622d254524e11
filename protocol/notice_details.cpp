#include "protocol/notice_details.hpp"

#include "protocol/standing_order_json.hpp"

namespace sp::protocol {

using nlohmann::json;

json encode_details(const YourTurnDetails& d) { return json{{"move_number", d.move_number}}; }

json encode_details(const TimedOutDetails& d) {
  return json{{"seat", d.seat}, {"name", d.name}, {"timeouts", d.timeouts}, {"controller", d.controller}};
}

json encode_details(const GameEndedDetails& d) { return json{{"place", d.place}, {"points", d.points}}; }

json encode_details(const DeadlineNearDetails& d) { return json{{"hours", d.hours}, {"deadline_at", d.deadline_at}}; }

json encode_details(const ChatMentionDetails& d) { return json{{"from", d.from}}; }

json encode_details(const OrdersLapsedDetails& d) { return json{{"lapsed", encode_orders(d.lapsed)}}; }

}  // namespace sp::protocol
