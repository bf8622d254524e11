#include "server/requests/session_opening.hpp"

#include "protocol/account_results.hpp"
#include "server/requests/connection_identity.hpp"
#include "server/security/credentials.hpp"

namespace sp::server {

NewSession make_session(std::int64_t now) {
  NewSession session{new_token(), "", now, now + kSessionSeconds};
  session.hash = token_hash(session.token);
  return session;
}

void enter_session(const Request& r, const NewSession& session, std::int64_t user_id, std::string name, bool bot) {
  r.connection->post([r, session, user_id, name = std::move(name), bot] {
    change_identity(r.services, r.connection, SignedIn{user_id, name, session.hash, session.expires_at, bot});
    r.reply(Reply::result(protocol::encode_data(protocol::SessionUser{{user_id, name, bot}, session.token})));
  });
}

void open_session(const Request& r, std::int64_t user_id, std::string name, bool bot) {
  const NewSession session = make_session(r.services.correspondence.clock.now());
  r.services.store.submit(
      [user_id, session](Records& db) {
        db.insert_session(session.hash, user_id, session.created_at, session.expires_at);
      },
      [r, user_id, name = std::move(name), session, bot](std::exception_ptr error) {
        if (error) return r.reply(store_failure(error, "The session could not be stored."));
        enter_session(r, session, user_id, name, bot);
      });
}

}  // namespace sp::server
