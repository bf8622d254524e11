// The administrators' log (table admin_actions): every administrative act,
// who did it, when, and with which arguments, whether it succeeded or not.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/database.hpp"

namespace sp::server {

struct AdminAction {
  std::int64_t id = 0;
  std::int64_t at = 0;
  std::string who;                     // the logged-in user's name, "administrator" or "command line"
  std::optional<std::int64_t> user_id;
  std::string address;                 // remote address, when known
  std::string request;                 // admin_abort, admin_view, import, ...
  std::optional<std::int64_t> table;
  nlohmann::json arguments = nlohmann::json::object();
  std::string outcome = "ok";          // "ok" or the refusal's code
};

void log_admin_action(Database& db, const AdminAction& action);

// The latest acts first; `table` narrows to one table.
std::vector<AdminAction> list_admin_actions(Database& db, std::optional<std::int64_t> table, int limit);

}  // namespace sp::server
