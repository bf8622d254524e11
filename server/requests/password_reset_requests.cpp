// Password reset by the confirmed email (docs/protocol.md "Accounts"):
// request_password_reset mails a one-time link to every account that
// confirmed the address; reset_password takes the link's token and a new
// password, ends every session of the account and logs this connection in.
#include "server/requests/request.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/reply_frames.hpp"
#include "server/notices/email_compose.hpp"
#include "server/notices/email_sender.hpp"
#include "server/notices/mail_message.hpp"
#include "server/requests/connection_identity.hpp"
#include "server/requests/session_opening.hpp"
#include "server/security/credentials.hpp"

namespace sp::server {

using protocol::ErrorCode;
namespace {

namespace client = protocol::client;

// A link is short-lived: it stands for the password until it is used.
constexpr std::int64_t kResetSeconds = 3600;
// Links one account may be sent per hour, whoever asks: enough to retry after
// a lost mail, too few to flood the player's mailbox. More are not sent, and
// nothing says so (the answer is the same for every address).
constexpr int kResetsPerAccountHour = 3;
// One address confirmed by many accounts gets a link for each, up to this many.
constexpr std::size_t kAccountsPerAddress = 5;

// The answer comes before the address is looked up: neither what it says nor
// when it comes tells whether an account has the address (a write and its
// commit would take longer than a look that finds nothing).
void on_request_password_reset(const Request& r, const client::RequestPasswordReset& reset) {
  EmailSender* email = r.services.email;
  if (email == nullptr) return r.fail(ErrorCode::kEmailUnavailable);
  if (!valid_email_address(reset.address)) {
    return r.fail(ErrorCode::kInvalidEmail,
                  "That is not an email address: give the plain address your account confirmed, such as "
                  "ann@example.org.");
  }
  const std::string address = email_address_key(reset.address);
  int retry_after = 0;
  if (!r.services.guards.resets_by_email.take(address, ThrottleClock::now(), retry_after)) {
    r.services.metrics.refuse(Refusal::kResetsThrottled);
    return r.fail(ErrorCode::kRateLimited, "Too many password resets were asked for that address this hour; try again in " +
                                               std::to_string(retry_after) + " s.");
  }
  r.reply(Reply::result(protocol::encode_data(protocol::Acknowledged{})));
  const std::int64_t now = r.services.correspondence.clock.now();
  r.services.store.submit(
      [address, language = reset.language.value_or(""), now](Records& db) {
        const auto users = db.users_with_confirmed_email(address);
        for (std::size_t i = 0; i < users.size() && i < kAccountsPerAddress; ++i) {
          const std::int64_t user = users[i];
          if (db.count_password_resets(user, now - 3600) >= kResetsPerAccountHour) continue;
          const std::string token = new_token();
          const std::string hash = token_hash(token);
          db.insert_password_reset(user, hash, now, now + kResetSeconds);
          EmailRecord mail;
          mail.idempotency_key = "password_reset:" + hash;
          mail.user_id = user;
          mail.purpose = EmailPurpose::kPasswordReset;
          mail.payload_json = password_reset_payload(token, language);
          mail.next_attempt_at = now;
          db.insert_email(mail, now);
        }
      },
      [email](std::exception_ptr error) {
        if (!error) return email->wake();
        spdlog::error("a password reset could not be stored: {}", failure_reason(error));
      });
}

void refuse_token(const Request& r) {
  r.fail(ErrorCode::kInvalidToken,
         "That password reset link is unknown, used already, or more than an hour old: ask for a new one.");
}

// Sets the new password by using the link (once, across nodes) in the same
// write, ends every other session of the account everywhere, and logs this
// connection in.
void use_link(const Request& r, const std::string& link, const UserRecord& user, const std::string& password_hash) {
  const NewSession session = make_session(r.services.correspondence.clock.now());
  auto used = std::make_shared<bool>(false);
  r.services.store.submit(
      [link, used, password_hash, session, user_id = user.id](Records& db) {
        if (db.use_password_reset(link, session.created_at) != user_id) return;
        db.set_password_hash(user_id, password_hash);
        db.delete_user_sessions(user_id, "");
        db.insert_session(session.hash, user_id, session.created_at, session.expires_at);
        *used = true;
      },
      [r, used, user, session](std::exception_ptr error) {
        if (error) return r.reply(store_failure(error, "The new password could not be stored; the link still works."));
        if (!*used) return refuse_token(r);
        r.services.guards.logins_by_account.succeeded("name:" + user.name);
        end_sessions(r.services, user.id, SessionsToEnd{std::nullopt, session.hash}, r.connection.get(),
                     SessionEnd::kPasswordChanged);
        enter_session(r, session, user.id, user.name, user.bot);
      });
}

// The token is checked before the password is hashed, so a stranger's made-up
// token costs the server no hashing.
void on_reset_password(const Request& r, const client::ResetPassword& reset) {
  const std::string link = token_hash(reset.token);
  auto user = std::make_shared<std::optional<UserRecord>>();
  r.services.store.submit(
      [link, user, now = r.services.correspondence.clock.now()](Records& db) {
        if (const auto user_id = db.password_reset_user(link, now)) *user = db.find_user(*user_id);
      },
      [r, link, user, new_password = reset.new_password](std::exception_ptr error) {
        if (error) return r.reply(store_failure(error, "The reset link could not be read."));
        if (!*user) return refuse_token(r);
        const PasswordCost cost{r.services.config.password_ops, r.services.config.password_memory};
        boost::asio::post(r.services.slow_work, [r, link, user, new_password, cost] {
          use_link(r, link, **user, hash_password(new_password, cost));
        });
      });
}

}  // namespace

void add_password_reset_requests(Routes& routes) {
  routes.add<client::RequestPasswordReset, on_request_password_reset>(Access::kAnyone);
  routes.add<client::ResetPassword, on_reset_password>(Access::kAnyone);
}

}  // namespace sp::server
