#include "server/requests/connection_identity.hpp"

#include <vector>

#include "protocol/reply_frames.hpp"
#include "server/table/table_registry.hpp"

namespace sp::server {

const char* to_string(SessionEnd why) {
  switch (why) {
    case SessionEnd::kLogout: return "logout";
    case SessionEnd::kPasswordChanged: return "password_changed";
    case SessionEnd::kLoggedOutEverywhere: return "logged_out_everywhere";
    case SessionEnd::kAdministrator: return "administrator";
  }
  return "logout";
}

void change_identity(Services& services, const std::shared_ptr<Connection>& connection, std::optional<SignedIn> who) {
  ConnectionState& state = connection->state();
  auto& channels = services.correspondence.notifier.channels();
  const bool same_user = who && state.user_id == who->user_id;
  if (!same_user) {
    ++state.epoch;
    if (state.user_id) channels.remove(*state.user_id, connection.get());
    if (!state.subscriptions.empty()) {
      std::vector<std::int64_t> tables;
      for (const std::int64_t id : state.subscriptions) {
        tables.push_back(id);
        services.tables.with_table(id, [key = connection.get()](std::shared_ptr<Table> table, TableUnavailable) {
          if (table) table->unsubscribe(key);
        });
      }
      state.subscriptions.clear();
      connection->respond(protocol::encode_subscriptions_ended(tables, who ? "login" : "logout"));
    }
  }
  if (who) {
    state.user_id = who->user_id;
    state.user_name = std::move(who->user_name);
    state.token_hash = std::move(who->token_hash);
    state.settled = true;
    channels.add(*state.user_id, connection, state.epoch);
  } else {
    state.user_id.reset();
    state.user_name.clear();
    state.token_hash.clear();
    state.administrator = false;
  }
}

void end_sessions(Services& services, std::int64_t user_id, SessionsToEnd which, const Connection* except,
                  SessionEnd why) {
  for (const auto& connection : services.correspondence.notifier.channels().holders(user_id)) {
    if (connection.get() == except) continue;
    connection->post([&services, connection, user_id, which, why] {
      const ConnectionState& state = connection->state();
      // It may have changed hands since it was listed.
      if (state.user_id != user_id || !which.covers(state.token_hash)) return;
      change_identity(services, connection, std::nullopt);
      connection->respond(protocol::encode_session_ended(to_string(why)));
    });
  }
}

}  // namespace sp::server
