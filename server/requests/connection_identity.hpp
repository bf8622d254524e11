// A connection's identity is one thing, changed in one place.
//
// Logging in, logging out, resuming a session and a session ended elsewhere
// all go through change_identity, which moves everything a connection holds
// for its user at once: the user, the session, the identity epoch, the
// notification channel and every table subscription. A subscription made for
// one user is never carried over to another (each subscribed table is left
// and the client told with a subscriptions_ended message), and the new epoch
// makes the connection drop whatever was already on its way for the former
// user (subscriber.hpp).
//
// Sessions end everywhere at once: end_sessions finds every connection that
// holds a session (logout, a password change, log out everywhere, an
// administrator) and moves each to nobody with a session_ended message. A
// session that expires ends the same way on each connection holding it, when
// the server's clock reaches its expiry (or, should the scheduler be late, at
// the connection's next request): nothing a connection holds outlives the
// session it logged in with.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "server/session/connection.hpp"
#include "server/requests/requests.hpp"

namespace sp::server {

struct SignedIn {
  std::int64_t user_id;
  std::string user_name;
  std::string token_hash;
  std::int64_t expires_at;  // the session's, on the server's clock
  bool bot = false;         // a third-party bot's account: its requests go through the bots' limits
};

// Why a session ended, as the session_ended message says it.
enum class SessionEnd { kLogout, kPasswordChanged, kLoggedOutEverywhere, kAdministrator, kExpired };
const char* to_string(SessionEnd why);

// On the connection's strand: the connection now speaks for `who` until the
// session expires, or for nobody. The same user again (a resume on a new token) keeps the
// subscriptions, whose rights do not change.
void change_identity(Services& services, const std::shared_ptr<Connection>& connection, std::optional<SignedIn> who);

// Which of a user's sessions end.
struct SessionsToEnd {
  std::optional<std::string> only;    // this session only
  std::optional<std::string> except;  // every session but this one
  bool covers(const std::string& token_hash) const {
    return (!only || token_hash == *only) && (!except || token_hash != *except);
  }
};

// From any thread: ends the user's sessions `which` on each connection holding
// one, but `except`; each is told with a session_ended message. The database
// rows are the caller's to delete.
void end_sessions(Services& services, std::int64_t user_id, SessionsToEnd which, const Connection* except,
                  SessionEnd why);
// The same on this node only, for what another node ended (node_bus.hpp);
// `text` is what end_sessions told the other nodes.
void end_sessions_told(Services& services, std::int64_t user_id, const std::string& text);

// On the connection's strand: if its session has expired, the connection is
// moved to nobody and told with session_ended ("expired").
void end_expired_session(Services& services, const std::shared_ptr<Connection>& connection);
// A closed connection's expiry is not waited for any more.
void forget_session_expiry(Services& services, const Connection* connection);

}  // namespace sp::server
