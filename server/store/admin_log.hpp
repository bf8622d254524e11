// The administrators' log (table admin_actions): every administrative act,
// who did it, when, and with which arguments, whether it succeeded or not.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace sp::server {

struct AdminAction {
  std::int64_t id = 0;
  std::int64_t at = 0;
  std::string who;                     // the logged-in user's name, "administrator" or "command line"
  std::optional<std::int64_t> user_id;
  std::string address;                 // remote address, when known
  std::string request;                 // admin_abort, admin_view, import, ...
  std::optional<std::int64_t> table;
  std::string arguments_json = "{}";   // the request's fields, as a JSON object
  std::string outcome = "ok";          // "ok" or the refusal's code
};

}  // namespace sp::server
