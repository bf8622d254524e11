#include "server/requests/requests.hpp"

#include <algorithm>

#include "protocol/request_envelope.hpp"
#include "server/requests/request.hpp"

namespace sp::server {

using protocol::ErrorCode;
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
  auto envelope = protocol::decode_request(frame);
  if (!envelope) {
    const protocol::EnvelopeError& e = envelope.error();
    if (e.code == ErrorCode::kUnknownField) services.metrics.refuse(Refusal::kUnknownField);
    Request r{services, connection, e.id, e.type, std::make_shared<json>()};
    r.epoch = connection->state().epoch;
    return r.fail(e.code, e.message);
  }
  Request r{services, connection, std::move(envelope->id), std::move(envelope->type),
            std::make_shared<json>(std::move(envelope->body))};
  r.epoch = connection->state().epoch;
  const auto& table = handlers();
  const auto handler = table.find(r.type);
  if (handler == table.end()) {
    // A request of the schemas that this server does not serve: a bug, caught by handlers_match_schemas.
    return r.fail(ErrorCode::kUnknownType, "There is no request called \"" + r.type + "\".");
  }
  if (!connection->state().greeted && r.type != "hello") {
    return r.fail(ErrorCode::kHelloRequired, "Say hello first: {\"type\": \"hello\", \"protocol\": 1}.");
  }
  try {
    handler->second(r);
  } catch (const std::exception& e) {
    r.fail(ErrorCode::kInternalError, "Something went wrong on the server; nothing was changed.");
  }
}

std::vector<std::string> served_request_types() {
  std::vector<std::string> types;
  for (const auto& [type, handler] : handlers()) types.push_back(type);
  return types;
}

void forget_connection(Services& services, const std::shared_ptr<Connection>& connection) {
  if (const auto user = connection->state().user_id) {
    services.correspondence.notifier.channels().remove(*user, connection.get());
  }
  for (std::int64_t id : connection->state().subscriptions) {
    services.tables.with_table(id, [key = connection.get()](std::shared_ptr<Table> table, TableUnavailable) {
      if (table) table->unsubscribe(key);
    });
  }
}

}  // namespace sp::server
