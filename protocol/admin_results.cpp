#include "protocol/admin_results.hpp"

#include <nlohmann/json.hpp>

namespace sp::protocol {

using nlohmann::json;

std::string encode_data(const AdministratorLoggedIn&) { return json{{"administrator", true}}.dump(); }

std::string encode_data(const AdminLog& data) {
  json entries = json::array();
  for (const AdminLogEntry& a : data.entries) {
    entries.push_back(json{{"id", a.id},
                           {"at", a.at},
                           {"who", a.who},
                           {"user_id", a.user_id ? json(*a.user_id) : json(nullptr)},
                           {"address", a.address.empty() ? json(nullptr) : json(a.address)},
                           {"request", a.request},
                           {"table", a.table ? json(*a.table) : json(nullptr)},
                           {"arguments", json::parse(a.arguments_json, nullptr, false)},
                           {"outcome", a.outcome}});
  }
  return json{{"entries", entries}}.dump();
}

std::string admin_log_arguments(const ClientRequest& request) {
  json arguments = encode_client_request(request);
  arguments.erase("type");
  arguments.erase("token");
  arguments.erase("admin_token");
  return arguments.dump();
}

std::string import_log_arguments(std::int64_t source_table, std::size_t moves) {
  return json{{"source_table", source_table}, {"moves", moves}}.dump();
}

}  // namespace sp::protocol
