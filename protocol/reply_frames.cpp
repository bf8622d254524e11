#include "protocol/reply_frames.hpp"

namespace sp::protocol {

using nlohmann::json;

std::string encode_result(const json& id, std::string_view request, json data) {
  json frame{{"type", "result"}, {"request", request}, {"data", std::move(data)}};
  if (!id.is_null()) frame["id"] = id;
  return frame.dump();
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

}  // namespace sp::protocol
