#include "protocol/server_messages.hpp"

#include "protocol/standing_order_json.hpp"

namespace sp::protocol {

using nlohmann::json;

json encode_consent(const Consent& c) {
  json undo = nullptr;
  if (c.undo) {
    undo = json{{"seat", c.undo->seat}, {"move_number", c.undo->move_number}, {"accepted", c.undo->accepted},
                {"waiting", c.undo->waiting}};
  }
  json abort = nullptr;
  if (c.abort) {
    abort = json{{"seat", c.abort->seat}, {"expires_at", c.abort->expires_at}, {"voted", c.abort->voted},
                 {"waiting", c.abort->waiting}};
  }
  json late = nullptr;
  if (c.late) {
    json votes = json::array();
    for (const OpenLateVote::Vote& v : c.late->votes) votes.push_back(json{{"seat", v.seat}, {"choice", v.choice}});
    late = json{{"seat", c.late->seat}, {"expires_at", c.late->expires_at ? json(*c.late->expires_at) : json(nullptr)}, {"votes", std::move(votes)},
                {"waiting", c.late->waiting}};
  }
  return json{{"undo", std::move(undo)}, {"abort", std::move(abort)}, {"resigned", c.resigned},
              {"late", std::move(late)},   {"ended", c.ended}};
}

std::string encode(const SeatControl& m) {
  return json{{"type", "seat_control"}, {"table", m.table},       {"seat", m.seat},
              {"controller", m.controller}, {"timeouts", m.timeouts}, {"reason", m.reason}}
      .dump();
}

std::string encode(const OrdersChanged& m) {
  return json{{"type", "orders_changed"}, {"table", m.table}, {"seat", m.seat}, {"orders", encode_orders(m.orders)}}
      .dump();
}

std::string encode(const TableChanged& m) {
  return json{{"type", "table_changed"}, {"table", encode_table_summary(m.table)}, {"reason", m.reason}}.dump();
}

std::string encode(const ChatMessage& m) {
  return json{{"type", "chat_message"}, {"table", m.table}, {"chat_id", m.chat_id},
              {"from", m.from},         {"text", m.text},   {"at", m.at}}
      .dump();
}

std::string encode(const ConsentChanged& m) {
  json message = encode_consent(m.consent);
  message.erase("resigned");
  message["type"] = "consent_changed";
  message["table"] = m.table;
  message["outcome"] = m.outcome;
  message["seat"] = m.seat;
  if (m.asker) message["asker"] = *m.asker;
  return message.dump();
}

}  // namespace sp::protocol
