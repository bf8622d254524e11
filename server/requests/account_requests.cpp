#include "server/requests/request.hpp"

#include <boost/asio/post.hpp>

#include <algorithm>

#include "engine/card.hpp"
#include "protocol/account_results.hpp"
#include "protocol/reply_frames.hpp"
#include "server/requests/connection_identity.hpp"
#include "server/requests/session_opening.hpp"
#include "server/security/credentials.hpp"

namespace sp::server {

using protocol::ErrorCode;
namespace {

namespace client = protocol::client;

void on_hello(const Request& r, const client::Hello& hello) {
  if (hello.protocol != kProtocolVersion) {
    return r.fail(ErrorCode::kUnsupportedVersion, "This server speaks protocol version " + std::to_string(kProtocolVersion) + ".");
  }
  // The capabilities are the first hello's: a subscription's form never
  // changes under the client (a later hello, saying the language again, may
  // leave them out).
  if (!r.state().greeted) {
    r.state().compact_updates = std::find(hello.capabilities.begin(), hello.capabilities.end(),
                                          protocol::client::kCompactUpdates) != hello.capabilities.end();
  }
  r.state().greeted = true;
  r.state().language = protocol::language_of_tag(hello.language.value_or("en"));
  protocol::Greeting greeting{kProtocolVersion,
                              {},
                              std::string(protocol::to_string(r.state().language)),
                              kServerName,
                              std::string(engine::card_set_version()),
                              r.services.config.max_frame_bytes,
                              r.services.config.requests_per_second};
  if (r.state().compact_updates) greeting.capabilities.emplace_back(protocol::client::kCompactUpdates);
  r.reply(Reply::result(protocol::encode_data(greeting)));
}

void on_register(const Request& r, const client::Register& account) {
  int retry_after = 0;
  if (!r.services.guards.registrations_by_address.take(r.state().client_address, ThrottleClock::now(), retry_after)) {
    r.services.metrics.refuse(Refusal::kRegistrationsThrottled);
    return r.fail(ErrorCode::kRegistrationThrottled, "Too many accounts were registered from your address; try again in " +
                                                std::to_string(retry_after) + " s.");
  }
  const PasswordCost cost{r.services.config.password_ops, r.services.config.password_memory};
  boost::asio::post(r.services.slow_work, [r, name = account.name, password = account.password, cost] {
    const std::string hash = hash_password(password, cost);
    auto user_id = std::make_shared<std::int64_t>(0);
    r.services.store.submit(
        [name, hash, user_id, now = r.services.correspondence.clock.now()](Records& db) {
          if (db.find_user_by_name(name)) return;
          *user_id = db.insert_user(name, hash, now);
        },
        [r, name, user_id](std::exception_ptr error) {
          if (error) return r.reply(store_failure(error, "The account could not be stored."));
          if (*user_id == 0) return r.fail(ErrorCode::kNameTaken, "The name " + name + " is taken.");
          open_session(r, *user_id, name);
        });
  });
}

// Checks a password on the slow-work pool, under the failed-login limits of
// the account and of the client's address. The pool has one thread, so a
// check and the failure it records are never interleaved with another's: a
// burst of guesses sent at once waits its turn like guesses sent one by one.
// `verified` runs on that thread when the password matched.
void check_password(const Request& r, std::string address, std::shared_ptr<std::optional<UserRecord>> user,
                    std::string account_key, std::string password, std::function<void(const UserRecord&)> verified) {
  boost::asio::post(r.services.slow_work, [r, address = std::move(address), user, account_key = std::move(account_key),
                                           password = std::move(password), verified = std::move(verified)] {
    Guards& guards = r.services.guards;
    const auto now = ThrottleClock::now();
    const auto wait = std::max(guards.logins_by_account.wait(account_key, now).value_or(0),
                               guards.logins_by_address.wait(address, now).value_or(0));
    if (wait > 0) {
      r.services.metrics.refuse(Refusal::kLoginThrottled);
      return r.fail(ErrorCode::kLoginThrottled, "Too many failed logins; try again in " + std::to_string(wait) + " s.");
    }
    // The same answer for an unknown name and a wrong password.
    if (!*user || !verify_password((*user)->password_hash, password)) {
      guards.logins_by_account.failed(account_key, now);
      guards.logins_by_address.failed(address, now);
      return r.fail(ErrorCode::kBadCredentials, "That name and password do not match an account.");
    }
    guards.logins_by_account.succeeded(account_key);
    verified(**user);
  });
}

void on_login(const Request& r, const client::Login& login) {
  auto user = std::make_shared<std::optional<UserRecord>>();
  r.services.store.submit([name = login.name, user](Records& db) { *user = db.find_user_by_name(name); },
                          [r, address = r.state().client_address, user, name = login.name,
                           password = login.password](std::exception_ptr error) {
                            if (error) return r.reply(store_failure(error, "The account could not be read."));
                            check_password(r, address, user, "name:" + name, password,
                                           [r](const UserRecord& u) { open_session(r, u.id, u.name, u.bot); });
                          });
}

void on_resume_session(const Request& r, const client::ResumeSession& resume) {
  const std::string hash = token_hash(resume.token);
  auto user = std::make_shared<std::optional<UserRecord>>();
  auto expires_at = std::make_shared<std::int64_t>(0);
  r.services.store.submit([hash, user, expires_at, now = r.services.correspondence.clock.now()](Records& db) {
                            *user = db.find_session_user(hash, now);
                            if (*user) *expires_at = db.session_expires_at(hash).value_or(now);
                          },
                          [r, user, hash, expires_at](std::exception_ptr error) {
                            if (error) return r.reply(store_failure(error, "The session could not be read."));
                            if (!*user) return r.fail(ErrorCode::kInvalidToken, "That session is unknown, ended or expired; log in again.");
                            r.connection->post([r, user, hash, expires_at] {
                              change_identity(r.services, r.connection,
                                              SignedIn{(*user)->id, (*user)->name, hash, *expires_at, (*user)->bot});
                              r.reply(Reply::result(protocol::encode_data(
                                  protocol::SessionUser{{(*user)->id, (*user)->name, (*user)->bot}, std::nullopt})));
                            });
                          });
}

// Ends this connection's session here and on every connection holding it.
void on_logout(const Request& r, const client::Logout&) {
  const std::string hash = r.state().token_hash;
  const std::int64_t user = *r.state().user_id;
  change_identity(r.services, r.connection, std::nullopt);
  end_sessions(r.services, user, SessionsToEnd{hash, std::nullopt}, r.connection.get(), SessionEnd::kLogout);
  store_job(r, [hash](Records& db) {
    db.delete_session(hash);
    return Reply::result(protocol::encode_data(protocol::Acknowledged{}));
  });
}

// Ends every session of the user, this one included.
void on_logout_everywhere(const Request& r, const client::LogoutEverywhere&) {
  const std::int64_t user = *r.state().user_id;
  change_identity(r.services, r.connection, std::nullopt);
  store_job(
      r,
      [user](Records& db) {
        db.delete_user_sessions(user, "");
        return Reply::result(protocol::encode_data(protocol::Acknowledged{}));
      },
      [r, user] { end_sessions(r.services, user, SessionsToEnd{}, r.connection.get(), SessionEnd::kLoggedOutEverywhere); });
}

// A new password ends every other session of the user: whoever held a leaked
// password or token is cut off. This connection's session goes on.
void on_change_password(const Request& r, const client::ChangePassword& change) {
  const std::int64_t user_id = *r.state().user_id;
  const std::string keep = r.state().token_hash;
  auto user = std::make_shared<std::optional<UserRecord>>();
  const PasswordCost cost{r.services.config.password_ops, r.services.config.password_memory};
  r.services.store.submit(
      [user_id, user](Records& db) { *user = db.find_user(user_id); },
      [r, address = r.state().client_address, user, user_id, keep, cost, old_password = change.old_password,
       new_password = change.new_password](std::exception_ptr error) {
        if (error) return r.reply(store_failure(error, "The account could not be read."));
        check_password(r, address, user, "name:" + (*user ? (*user)->name : std::string()), old_password,
                       [r, user_id, keep, cost, new_password](const UserRecord&) {
                         const std::string hash = hash_password(new_password, cost);
                         store_job(
                             r,
                             [user_id, keep, hash](Records& db) {
                               db.set_password_hash(user_id, hash);
                               db.delete_user_sessions(user_id, keep);
                               return Reply::result(protocol::encode_data(protocol::Acknowledged{}));
                             },
                             [r, user_id, keep] {
                               end_sessions(r.services, user_id, SessionsToEnd{std::nullopt, keep}, r.connection.get(),
                                            SessionEnd::kPasswordChanged);
                             });
                       });
      });
}

// The owner's account becomes a bot's, for good, as lichess's do: only an
// account that never sat at a table, so no game already rated among people
// is played by a bot. From this request on, the connection's requests go
// through the bots' limits.
void on_become_bot(const Request& r, const client::BecomeBot&) {
  const std::int64_t user_id = *r.state().user_id;
  auto outcome = std::make_shared<Reply>();
  auto became = std::make_shared<bool>(false);
  r.services.store.submit(
      [user_id, outcome, became](Records& db) {
        const auto user = db.find_user(user_id);
        if (!user) {
          *outcome = Reply::error(ErrorCode::kNoSuchUser, "Your account no longer exists.");
          return;
        }
        if (!user->bot && db.has_sat_at_tables(user_id)) {
          *outcome = Reply::error(ErrorCode::kBotHasGames, std::string(protocol::default_message(ErrorCode::kBotHasGames)));
          return;
        }
        if (!user->bot) db.flag_bot(user_id);
        *became = true;
        *outcome = Reply::result(protocol::encode_data(protocol::BecameBot{{user->id, user->name, true}}));
      },
      [r, outcome, became](std::exception_ptr error) {
        if (error) return r.reply(store_failure(error, "The account could not be changed; nothing was changed."));
        r.connection->post([r, outcome, became] {
          if (*became) r.state().bot = true;
          r.reply(*outcome);
        });
      });
}

}  // namespace

void add_account_requests(Routes& routes) {
  routes.add<client::Hello, on_hello>(Access::kAnyone);
  routes.add<client::Register, on_register>(Access::kAnyone);
  routes.add<client::Login, on_login>(Access::kAnyone);
  routes.add<client::ResumeSession, on_resume_session>(Access::kAnyone);
  routes.add<client::Logout, on_logout>(Access::kUser);
  routes.add<client::LogoutEverywhere, on_logout_everywhere>(Access::kUser);
  routes.add<client::ChangePassword, on_change_password>(Access::kUser);
  routes.add<client::BecomeBot, on_become_bot>(Access::kUser);
}

}  // namespace sp::server
