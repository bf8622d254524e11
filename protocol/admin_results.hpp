// The `data` of the administrators' results (result.json's `$defs`) and the
// request's fields as the administrators' log keeps them. One struct per
// result and one encoder.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/requests.hpp"

namespace sp::protocol {

// admin_login: {"administrator": true}.
struct AdministratorLoggedIn {};

// One act of the administrators' log.
struct AdminLogEntry {
  std::int64_t id = 0;
  std::int64_t at = 0;
  std::string who;
  std::optional<std::int64_t> user_id;
  std::string address;  // empty: not known
  std::string request;
  std::optional<std::int64_t> table;
  std::string arguments_json;  // as admin_log_arguments wrote it
  std::string outcome;
};

// admin_log: {"entries": [...]}, the newest first.
struct AdminLog {
  std::vector<AdminLogEntry> entries;
};

std::string encode_data(const AdministratorLoggedIn& data);
std::string encode_data(const AdminLog& data);

// A request's fields as the schemas spell them, but its type and any token,
// as a JSON object's text: what the administrators' log keeps of an act.
std::string admin_log_arguments(const ClientRequest& request);

// What the administrators' log keeps of an imported record: the table's id
// where it was played and its moves, as a JSON object's text.
std::string import_log_arguments(std::int64_t source_table, std::size_t moves);

}  // namespace sp::protocol
