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

std::string encode_data(const SessionUser& d) {
  json data{{"user", json{{"id", d.user.id}, {"name", d.user.name}}}};
  if (d.token) data["token"] = *d.token;
  return data.dump();
}

}  // namespace sp::protocol
