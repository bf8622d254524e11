#include "protocol/reply_frames.hpp"

#include "protocol/json_text.hpp"

namespace sp::protocol {

using nlohmann::json;

std::string encode_result(const json& id, std::string_view request, json data) {
  json frame{{"type", "result"}, {"request", request}, {"data", std::move(data)}};
  if (!id.is_null()) frame["id"] = id;
  return frame.dump();
}

std::string encode_result_text(const json& id, std::string_view request, std::string_view data) {
  // The members in the order nlohmann writes a document's: sorted.
  std::string out = "{\"data\":";
  out += data;
  if (!id.is_null()) {
    out += ",\"id\":";
    out += id.dump();
  }
  out += ",\"request\":";
  json_text::append_string(out, request);
  out += ",\"type\":\"result\"}";
  return out;
}

std::string act_result_data(std::int64_t move_number, bool duplicate) {
  std::string out = "{\"duplicate\":";
  json_text::append_bool(out, duplicate);
  out += ",\"move_number\":";
  json_text::append_int(out, move_number);
  out += '}';
  return out;
}

std::string encode_result_with_update(const json& id, std::string_view request, std::string_view data,
                                      std::string_view update) {
  // Written around the update's text: parsing it into the document would
  // cost more than the rest of the reply.
  std::string data_text(data);
  data_text.pop_back();
  if (data_text.size() > 1) data_text += ',';
  std::string out = "{\"type\":\"result\",";
  if (!id.is_null()) {
    out += "\"id\":";
    out += id.dump();
    out += ',';
  }
  out += "\"request\":";
  json_text::append_string(out, request);
  out += ",\"data\":";
  out += data_text;
  out += "\"update\":";
  out += update;
  out += "}}";
  return out;
}

std::string encode_error(const json& id, std::string_view request, std::string_view code, std::string_view message) {
  json frame{{"type", "error"}, {"request", request}, {"code", code}, {"message", message}};
  if (!id.is_null()) frame["id"] = id;
  return frame.dump();
}

std::string encode_session_ended(std::string_view reason) {
  return json{{"type", "session_ended"}, {"reason", reason}}.dump();
}

std::string encode_subscriptions_ended(const std::vector<std::int64_t>& tables, std::string_view reason) {
  return json{{"type", "subscriptions_ended"}, {"tables", tables}, {"reason", reason}}.dump();
}

std::string encode_data(const Acknowledged&) { return "{}"; }

}  // namespace sp::protocol
