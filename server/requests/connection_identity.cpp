#include "server/requests/connection_identity.hpp"

#include <vector>

#include "protocol/reply_frames.hpp"
#include "server/table/table.hpp"
#include "server/table/table_registry.hpp"
#include "server/time/scheduler.hpp"

namespace sp::server {

const char* to_string(SessionEnd why) {
  switch (why) {
    case SessionEnd::kLogout: return "logout";
    case SessionEnd::kPasswordChanged: return "password_changed";
    case SessionEnd::kLoggedOutEverywhere: return "logged_out_everywhere";
    case SessionEnd::kAdministrator: return "administrator";
    case SessionEnd::kExpired: return "expired";
  }
  return "logout";
}

namespace {

Scheduler::Key expiry_key(const Connection* connection) {
  return {Due::kSessionExpiry, static_cast<std::int64_t>(reinterpret_cast<std::intptr_t>(connection))};
}

}  // namespace

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
        if (auto table = services.tables.find(id)) table->unsubscribe(connection.get());
      }
      state.subscriptions.clear();
      connection->respond(protocol::encode_subscriptions_ended(tables, who ? "login" : "logout"));
    }
  }
  if (who) {
    state.user_id = who->user_id;
    state.user_name = std::move(who->user_name);
    state.token_hash = std::move(who->token_hash);
    state.session_expires_at = who->expires_at;
    state.bot = who->bot;
    state.settled = true;
    channels.add(*state.user_id, connection, state.epoch);
    services.correspondence.scheduler.set(expiry_key(connection.get()), who->expires_at,
                                          [&services, weak = std::weak_ptr<Connection>(connection)] {
                                            auto held = weak.lock();
                                            if (!held) return;
                                            held->post([&services, held] { end_expired_session(services, held); });
                                          });
  } else {
    state.user_id.reset();
    state.user_name.clear();
    state.token_hash.clear();
    state.session_expires_at = 0;
    state.bot = false;
    state.administrator = false;
    services.correspondence.scheduler.cancel(expiry_key(connection.get()));
  }
}

void end_expired_session(Services& services, const std::shared_ptr<Connection>& connection) {
  const ConnectionState& state = connection->state();
  if (!state.user_id || state.session_expires_at > services.correspondence.clock.now()) return;
  change_identity(services, connection, std::nullopt);
  connection->respond(protocol::encode_session_ended(to_string(SessionEnd::kExpired)));
}

void forget_session_expiry(Services& services, const Connection* connection) {
  services.correspondence.scheduler.cancel(expiry_key(connection));
}

namespace {

void end_local_sessions(Services& services, std::int64_t user_id, SessionsToEnd which, const Connection* except,
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

}  // namespace

void end_sessions(Services& services, std::int64_t user_id, SessionsToEnd which, const Connection* except,
                  SessionEnd why) {
  end_local_sessions(services, user_id, which, except, why);
  // Told as lines: why, then "only" and "except" (token hashes; '-' for none).
  services.correspondence.notifier.bus().send(
      NodeBus::Kind::kSessions, user_id,
      std::to_string(static_cast<int>(why)) + "\n" + which.only.value_or("-") + "\n" + which.except.value_or("-"));
}

void end_sessions_told(Services& services, std::int64_t user_id, const std::string& text) {
  const auto first = text.find('\n');
  const auto second = first == std::string::npos ? std::string::npos : text.find('\n', first + 1);
  if (second == std::string::npos) return;
  int why = 0;
  try {
    why = std::stoi(text.substr(0, first));
  } catch (const std::exception&) {
    return;
  }
  if (why < 0 || why > static_cast<int>(SessionEnd::kExpired)) return;
  const auto hash = [](std::string part) -> std::optional<std::string> {
    if (part == "-") return std::nullopt;
    return part;
  };
  end_local_sessions(services, user_id,
                     SessionsToEnd{hash(text.substr(first + 1, second - first - 1)), hash(text.substr(second + 1))},
                     nullptr, static_cast<SessionEnd>(why));
}

}  // namespace sp::server
