#include "server/requests/requests.hpp"

#include <algorithm>

#include "protocol/requests.hpp"
#include "server/requests/connection_identity.hpp"
#include "server/requests/request.hpp"
#include "server/table/table.hpp"

namespace sp::server {

using protocol::ErrorCode;
namespace {

const Routes& routes() {
  static const Routes kRoutes = [] {
    Routes routes;
    add_account_requests(routes);
    add_password_reset_requests(routes);
    add_account_export_requests(routes);
    add_lobby_requests(routes);
    add_play_requests(routes);
    add_admin_requests(routes);
    add_record_requests(routes);
    add_correspondence_requests(routes);
    add_order_requests(routes);
    add_consent_requests(routes);
    add_notice_requests(routes);
    add_push_requests(routes);
    add_profile_requests(routes);
    add_tournament_requests(routes);
    add_league_requests(routes);
    return routes;
  }();
  return kRoutes;
}

// Whether the connection may send a request of this access; replies why not.
bool admitted(const Request& r, Access access) {
  switch (access) {
    case Access::kAnyone: return true;
    case Access::kUser:
      if (r.state().user_id) return true;
      r.fail(ErrorCode::kNotLoggedIn, "Log in first (register, login or resume_session).");
      return false;
    case Access::kAdministrator:
      if (r.state().administrator) return true;
      r.fail(ErrorCode::kNotAdministrator, "Administrators only: send admin_login with the administrator token first.");
      return false;
  }
  return false;
}

Reply refusal_of(const protocol::RequestError& e) {
  if (e.action_code.empty()) return Reply::error(e.code, e.message);
  return Reply::decode_error(protocol::DecodeError{e.action_code, e.message});
}

}  // namespace

// A frame is answered in this order: what no request can be (bad JSON, an
// unknown type or field), then hello first, then who may ask, then the
// request's own fields, then the handler's work.
void handle_frame(Services& services, const std::shared_ptr<Connection>& connection, const std::string& frame) {
  services.metrics.requests.fetch_add(1, std::memory_order_relaxed);
  // Should the expiry's scheduled end not have run yet, this request is not the expired session's.
  end_expired_session(services, connection);
  const protocol::RequestLimits limits{services.config.vacation_days_per_year};
  auto decoded = protocol::decode_client_request(frame, limits);
  std::optional<std::size_t> index;
  Request r{services, connection, {}, {}, nullptr};
  r.epoch = connection->state().epoch;
  if (decoded) {
    index = decoded->request.index();
    r.id = std::move(decoded->id);
    r.type = std::string(protocol::request_type(decoded->request));
    r.decoded = std::make_shared<const protocol::ClientRequest>(std::move(decoded->request));
  } else {
    const protocol::RequestError& e = decoded.error();
    r.id = e.id;
    r.type = e.type;
    index = e.request_index;
    if (!index) {
      if (e.code == ErrorCode::kUnknownField) services.metrics.refuse(Refusal::kUnknownField);
      return r.fail(e.code, e.message);
    }
  }
  const Routes::Route& route = routes()[*index];
  if (!route.handle) {
    // A request of the schemas that this server does not serve: a bug, caught by handlers_match_schemas.
    return r.fail(ErrorCode::kUnknownType, "There is no request called \"" + r.type + "\".");
  }
  if (!connection->state().greeted && *index != protocol::kRequestIndex<protocol::client::Hello>) {
    return r.fail(ErrorCode::kHelloRequired, "Say hello first: {\"type\": \"hello\", \"protocol\": 1}.");
  }
  if (!admitted(r, route.access)) return;
  if (!decoded) return r.reply(refusal_of(decoded.error()));
  try {
    route.handle(r, *r.decoded);
  } catch (const std::exception& e) {
    r.fail(ErrorCode::kInternalError, "Something went wrong on the server; nothing was changed.");
  }
}

std::vector<std::string> served_request_types() {
  std::vector<std::string> types;
  for (std::size_t i = 0; i < routes().size(); ++i) {
    if (routes()[i].handle) types.emplace_back(protocol::request_type(i));
  }
  std::sort(types.begin(), types.end());
  return types;
}

void forget_connection(Services& services, const std::shared_ptr<Connection>& connection) {
  forget_session_expiry(services, connection.get());
  if (const auto user = connection->state().user_id) {
    services.correspondence.notifier.channels().remove(*user, connection.get());
  }
  for (std::int64_t id : connection->state().subscriptions) {
    if (auto table = services.tables.find(id)) table->unsubscribe(connection.get());
  }
}

}  // namespace sp::server
