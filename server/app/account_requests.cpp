#include "server/app/request.hpp"

#include <boost/asio/post.hpp>

#include <regex>

#include "engine/card.hpp"
#include "server/app/credentials.hpp"

namespace sp::server {
namespace {

using nlohmann::json;

constexpr std::int64_t kSessionSeconds = 90LL * 24 * 3600;

void on_hello(const Request& r) {
  const auto version = int_field(r, "protocol", 1, 1000);
  if (!version) return;
  if (*version != kProtocolVersion) {
    return r.fail("unsupported_version", "This server speaks protocol version " + std::to_string(kProtocolVersion) + ".");
  }
  r.state().greeted = true;
  r.reply(Reply::result(json{{"protocol", kProtocolVersion},
                             {"server", "spb 0.1.0"},
                             {"card_set_version", engine::card_set_version()},
                             {"limits",
                              {{"max_frame_bytes", r.services.config.max_frame_bytes},
                               {"requests_per_second", r.services.config.requests_per_second}}}}));
}

// After a password check or registration: a new session token, stored hashed.
void open_session(const Request& r, std::int64_t user_id, std::string name) {
  const std::string token = new_token();
  const std::string hash = token_hash(token);
  const std::int64_t now = unix_seconds();
  r.services.store.submit([user_id, hash, now](Database& db) { insert_session(db, hash, user_id, now, now + kSessionSeconds); },
                          [r, user_id, name, token, hash](std::exception_ptr error) {
                            if (error) return r.fail("internal_error", "The session could not be stored.");
                            r.connection->post([r, user_id, name, token, hash] {
                              auto& channels = r.services.correspondence.notifier.channels();
                              if (r.state().user_id) channels.remove(*r.state().user_id, r.connection.get());
                              channels.add(user_id, r.connection);
                              r.state().user_id = user_id;
                              r.state().user_name = name;
                              r.state().token_hash = hash;
                              r.reply(Reply::result(json{{"user", user_json(user_id, name)}, {"token", token}}));
                            });
                          });
}

void on_register(const Request& r) {
  const auto name = text_field(r, "name", 1, 64);
  if (!name) return;
  static const std::regex kName("[A-Za-z0-9_-]{3,24}");
  if (!std::regex_match(*name, kName)) {
    return r.fail("invalid_name", "A name has 3 to 24 letters, digits, '_' or '-'.");
  }
  const auto it = r.body().find("password");
  if (it == r.body().end() || !it->is_string()) return r.fail("bad_request", "password: a text is required");
  const std::string password = it->get<std::string>();
  if (password.size() < 8 || password.size() > 256) {
    return r.fail("weak_password", "A password has 8 to 256 characters.");
  }
  const PasswordCost cost{r.services.config.password_ops, r.services.config.password_memory};
  boost::asio::post(r.services.slow_work, [r, name = *name, password, cost] {
    const std::string hash = hash_password(password, cost);
    auto user_id = std::make_shared<std::int64_t>(0);
    r.services.store.submit(
        [name, hash, user_id](Database& db) {
          if (find_user_by_name(db, name)) return;
          *user_id = insert_user(db, name, hash, unix_seconds());
        },
        [r, name, user_id](std::exception_ptr error) {
          if (error) return r.fail("internal_error", "The account could not be stored.");
          if (*user_id == 0) return r.fail("name_taken", "The name " + name + " is taken.");
          open_session(r, *user_id, name);
        });
  });
}

void on_login(const Request& r) {
  const auto name = text_field(r, "name", 1, 64);
  if (!name) return;
  const auto password = text_field(r, "password", 1, 256);
  if (!password) return;
  auto user = std::make_shared<std::optional<UserRecord>>();
  r.services.store.submit([name = *name, user](Database& db) { *user = find_user_by_name(db, name); },
                          [r, user, password = *password](std::exception_ptr error) {
                            if (error) return r.fail("internal_error", "The account could not be read.");
                            boost::asio::post(r.services.slow_work, [r, user, password] {
                              // The same answer for an unknown name and a wrong password.
                              if (!*user || !verify_password((*user)->password_hash, password)) {
                                return r.fail("bad_credentials", "That name and password do not match an account.");
                              }
                              open_session(r, (*user)->id, (*user)->name);
                            });
                          });
}

void on_resume_session(const Request& r) {
  const auto token = text_field(r, "token", 1, 128);
  if (!token) return;
  const std::string hash = token_hash(*token);
  auto user = std::make_shared<std::optional<UserRecord>>();
  r.services.store.submit([hash, user](Database& db) { *user = find_session_user(db, hash, unix_seconds()); },
                          [r, user, hash](std::exception_ptr error) {
                            if (error) return r.fail("internal_error", "The session could not be read.");
                            if (!*user) return r.fail("invalid_token", "That session is unknown, ended or expired; log in again.");
                            r.connection->post([r, user, hash] {
                              auto& channels = r.services.correspondence.notifier.channels();
                              if (r.state().user_id) channels.remove(*r.state().user_id, r.connection.get());
                              channels.add((*user)->id, r.connection);
                              r.state().user_id = (*user)->id;
                              r.state().user_name = (*user)->name;
                              r.state().token_hash = hash;
                              r.reply(Reply::result(json{{"user", user_json((*user)->id, (*user)->name)}}));
                            });
                          });
}

void on_logout(const Request& r) {
  if (!require_login(r)) return;
  const std::string hash = r.state().token_hash;
  r.services.correspondence.notifier.channels().remove(*r.state().user_id, r.connection.get());
  r.state() = ConnectionState{true, std::nullopt, {}, {}, r.state().subscriptions, false, r.state().remote_address};
  store_job(r, [hash](Database& db) {
    delete_session(db, hash);
    return Reply::result(json::object());
  });
}

}  // namespace

void add_account_requests(HandlerTable& table) {
  table.insert({
      {"hello", on_hello},
      {"register", on_register},
      {"login", on_login},
      {"resume_session", on_resume_session},
      {"logout", on_logout},
  });
}

}  // namespace sp::server
