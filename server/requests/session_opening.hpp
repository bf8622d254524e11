// Opening a session: after a password check, a registration or a password
// reset, a new token (stored only as its hash) and the connection speaks for
// the user from then on; the reply carries the token, once.
#pragma once

#include <cstdint>
#include <string>

#include "server/requests/request.hpp"

namespace sp::server {

// A session's lifetime from its login.
inline constexpr std::int64_t kSessionSeconds = 90LL * 24 * 3600;

// A session made for a user, before it is stored.
struct NewSession {
  std::string token;  // the client's, told once
  std::string hash;   // the database's
  std::int64_t created_at = 0;
  std::int64_t expires_at = 0;
};
NewSession make_session(std::int64_t now);

// From any thread, once the session's row is stored: the connection speaks
// for the user, and the reply is the user with the token.
void enter_session(const Request& r, const NewSession& session, std::int64_t user_id, std::string name, bool bot);

// Makes, stores and enters a session.
void open_session(const Request& r, std::int64_t user_id, std::string name, bool bot = false);

}  // namespace sp::server
