#include "server/app/requests.hpp"

#include <algorithm>

#include "server/app/request.hpp"

namespace sp::server {
namespace {

using nlohmann::json;

const HandlerTable& handlers() {
  static const HandlerTable kHandlers = [] {
    HandlerTable table;
    add_account_requests(table);
    add_lobby_requests(table);
    add_play_requests(table);
    add_admin_requests(table);
    add_record_requests(table);
    add_correspondence_requests(table);
    return table;
  }();
  return kHandlers;
}

}  // namespace

void handle_frame(Services& services, const std::shared_ptr<Connection>& connection, const std::string& frame) {
  services.metrics.requests.fetch_add(1, std::memory_order_relaxed);
  auto body_ptr = std::make_shared<json>(json::parse(frame, nullptr, /*allow_exceptions=*/false));
  const json& body = *body_ptr;
  Request r{services, connection, nullptr, "", std::move(body_ptr)};
  if (body.is_discarded()) return r.fail("bad_json", "The message is not valid JSON.");
  if (!body.is_object()) return r.fail("bad_request", "A message is a JSON object with a \"type\".");
  if (const auto id = body.find("id"); id != body.end()) {
    const bool ok = id->is_number_integer() || (id->is_string() && id->get_ref<const std::string&>().size() <= 64);
    if (!ok) return r.fail("bad_request", "id: a number or a text of at most 64 characters");
    r.id = *id;
  }
  const auto type = body.find("type");
  if (type == body.end() || !type->is_string()) return r.fail("bad_request", "type: the request's name is required");
  r.type = type->get<std::string>();
  const auto& table = handlers();
  const auto handler = table.find(r.type);
  if (handler == table.end()) {
    r.type.resize(std::min<std::size_t>(r.type.size(), 64));
    return r.fail("unknown_type", "There is no request called \"" + r.type + "\".");
  }
  if (!connection->state().greeted && r.type != "hello") {
    return r.fail("hello_required", "Say hello first: {\"type\": \"hello\", \"protocol\": 1}.");
  }
  try {
    handler->second(r);
  } catch (const std::exception& e) {
    r.fail("internal_error", "Something went wrong on the server; nothing was changed.");
  }
}

void forget_connection(Services& services, const std::shared_ptr<Connection>& connection) {
  if (const auto user = connection->state().user_id) {
    services.correspondence.notifier.channels().remove(*user, connection.get());
  }
  for (std::int64_t id : connection->state().subscriptions) {
    services.tables.with_table(id, [key = connection.get()](std::shared_ptr<Table> table, std::string) {
      if (table) table->unsubscribe(key);
    });
  }
}

}  // namespace sp::server
