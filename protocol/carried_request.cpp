#include "protocol/carried_request.hpp"

#include <nlohmann/json.hpp>

namespace sp::protocol {

using nlohmann::json;

std::string encode_carried_identity(const CarriedIdentity& who) {
  return json{{"user", who.user_id},
              {"name", who.user_name},
              {"admin", who.administrator},
              {"bot", who.bot},
              {"language", to_string(who.language)},
              {"address", who.client_address},
              {"remote", who.remote_address}}
      .dump();
}

std::optional<CarriedIdentity> decode_carried_identity(std::string_view text) {
  const json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return std::nullopt;
  try {
    CarriedIdentity who;
    who.user_id = j.at("user").get<std::int64_t>();
    who.user_name = j.at("name").get<std::string>();
    who.administrator = j.at("admin").get<bool>();
    who.bot = j.at("bot").get<bool>();
    who.language = language_of_tag(j.at("language").get<std::string>());
    who.client_address = j.at("address").get<std::string>();
    who.remote_address = j.at("remote").get<std::string>();
    return who;
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

bool is_result_frame(std::string_view frame) {
  const json j = json::parse(frame, nullptr, /*allow_exceptions=*/false);
  return j.is_object() && j.value("type", "") == "result";
}

}  // namespace sp::protocol
