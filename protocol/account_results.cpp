#include "protocol/account_results.hpp"

#include <nlohmann/json.hpp>

namespace sp::protocol {

using nlohmann::json;

std::string encode_data(const Greeting& d) {
  return json{{"protocol", d.protocol},
              {"capabilities", d.capabilities},
              {"language", d.language},
              {"server", d.server},
              {"card_set_version", d.card_set_version},
              {"limits", {{"max_frame_bytes", d.max_frame_bytes}, {"requests_per_second", d.requests_per_second}}}}
      .dump();
}

namespace {

json user_json(const UserShown& user) {
  json out{{"id", user.id}, {"name", user.name}};
  if (user.bot) out["bot"] = true;
  return out;
}

}  // namespace

std::string encode_data(const SessionUser& d) {
  json data{{"user", user_json(d.user)}};
  if (d.token) data["token"] = *d.token;
  return data.dump();
}

std::string encode_data(const BecameBot& d) { return json{{"user", user_json(d.user)}, {"permanent", true}}.dump(); }

}  // namespace sp::protocol
