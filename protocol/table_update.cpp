#include "protocol/table_update.hpp"

#include <algorithm>

#include "protocol/engine_json.hpp"
#include "protocol/json_text.hpp"
#include "protocol/log_entry_json.hpp"

namespace sp::protocol {

using nlohmann::json;

json encode_move_entry(const MoveEntry& move, const engine::TableOptions& options, engine::Viewer viewer) {
  json events = json::array();
  for (const engine::Event& e : move.events) events.push_back(encode_event_for(e, options, viewer));
  json entry{{"move_number", move.move_number}, {"seat", move.logged.seat.value}};
  if (move.actor) entry["actor"] = *move.actor;
  entry["action"] = encode_log_entry(move.logged);
  entry["events"] = std::move(events);
  return entry;
}

bool events_seen_alike(const engine::Events& events, const engine::TableOptions& options) {
  return std::none_of(events.begin(), events.end(), [&](const engine::Event& e) {
    return engine::event_for(e, options, engine::Viewer::spectator()).drawn_card_hidden;
  });
}

std::string encode_update_body(std::string_view view_text, std::string_view moves_text) {
  std::string body;
  body.reserve(view_text.size() + moves_text.size() + 18);
  body += "\"view\":";
  body += view_text;
  body += ",\"moves\":";
  body += moves_text;
  return body;
}

std::string encode_compact_update_body(std::string_view changes_text, std::string_view moves_text) {
  std::string body;
  body.reserve(changes_text.size() + moves_text.size() + 26);
  body += "\"view_changes\":";
  body += changes_text;
  body += ",\"moves\":";
  body += moves_text;
  return body;
}

using json_text::append_string;

std::string encode_prices_text(std::span<const engine::CardPrice> prices) {
  std::string out = "[";
  out.reserve(2 + prices.size() * 56);
  for (const engine::CardPrice& price : prices) {
    if (out.size() > 1) out += ',';
    out += "{\"card\":";
    append_string(out, engine::spec(price.card).id);
    out += ",\"from\":";
    append_string(out, to_string(price.from));
    out += ",\"price\":";
    json_text::append_int(out, price.price);
    if (price.displace) {
      out += ",\"displace\":";
      append_string(out, engine::spec(*price.displace).id);
    }
    out += '}';
  }
  out += ']';
  return out;
}

std::string encode_table_update(std::int64_t table, std::int64_t move_number, std::optional<std::int64_t> deadline_at,
                                std::string_view body, std::string_view legal_actions,
                                std::optional<std::string_view> prices, const std::optional<ClocksShown>& clocks) {
  std::string out = "{\"type\":\"table_update\",\"table\":" + std::to_string(table) +
                    ",\"move_number\":" + std::to_string(move_number) +
                    ",\"deadline_at\":" + (deadline_at ? std::to_string(*deadline_at) : std::string("null")) + ",";
  out.reserve(out.size() + body.size() + legal_actions.size() + (prices ? prices->size() : 0) + 36);
  out += body;
  if (prices) {
    out += ",\"prices\":";
    out += *prices;
  }
  if (clocks) {
    out += ",\"clocks\":";
    out += encode(*clocks).dump();
  }
  out += ",\"legal_actions\":";
  out += legal_actions;
  out += '}';
  return out;
}

}  // namespace sp::protocol
