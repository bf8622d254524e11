#include "server/store/admin_log.hpp"

namespace sp::server {

void log_admin_action(Database& db, const AdminAction& a) {
  auto s = db.prepare(
      "INSERT INTO admin_actions (at, who, user_id, address, request, table_id, arguments, outcome) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  s.bind(1, a.at).bind(2, a.who);
  if (a.user_id) {
    s.bind(3, *a.user_id);
  } else {
    s.bind_null(3);
  }
  if (a.address.empty()) {
    s.bind_null(4);
  } else {
    s.bind(4, a.address);
  }
  s.bind(5, a.request);
  if (a.table) {
    s.bind(6, *a.table);
  } else {
    s.bind_null(6);
  }
  s.bind(7, a.arguments.dump()).bind(8, a.outcome).run();
}

std::vector<AdminAction> list_admin_actions(Database& db, std::optional<std::int64_t> table, int limit) {
  auto s = db.prepare(
      "SELECT id, at, who, user_id, coalesce(address, ''), request, table_id, arguments, outcome FROM admin_actions "
      "WHERE ?1 IS NULL OR table_id = ?1 ORDER BY id DESC LIMIT ?2");
  if (table) {
    s.bind(1, *table);
  } else {
    s.bind_null(1);
  }
  s.bind(2, static_cast<std::int64_t>(limit));
  std::vector<AdminAction> out;
  while (s.step()) {
    AdminAction a;
    a.id = s.column_int(0);
    a.at = s.column_int(1);
    a.who = s.column_text(2);
    if (!s.column_is_null(3)) a.user_id = s.column_int(3);
    a.address = s.column_text(4);
    a.request = s.column_text(5);
    if (!s.column_is_null(6)) a.table = s.column_int(6);
    a.arguments = nlohmann::json::parse(s.column_text(7), nullptr, false);
    a.outcome = s.column_text(8);
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace sp::server
