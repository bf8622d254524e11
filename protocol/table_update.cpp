#include "protocol/table_update.hpp"

#include "protocol/engine_json.hpp"
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

std::string encode_update_body(std::string_view view_text, const json& moves) {
  std::string body = "\"view\":";
  body += view_text;
  body += ",\"moves\":";
  body += moves.dump();
  return body;
}

std::string encode_table_update(std::int64_t table, std::int64_t move_number, std::optional<std::int64_t> deadline_at,
                                std::string_view body, const json& legal_actions, const json& prices) {
  std::string out = "{\"type\":\"table_update\",\"table\":" + std::to_string(table) +
                    ",\"move_number\":" + std::to_string(move_number) +
                    ",\"deadline_at\":" + (deadline_at ? std::to_string(*deadline_at) : std::string("null")) + ",";
  out += body;
  out += ",\"prices\":";
  out += prices.dump();
  out += ",\"legal_actions\":";
  out += legal_actions.dump();
  out += '}';
  return out;
}

}  // namespace sp::protocol
