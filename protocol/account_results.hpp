// The `data` of the account's results (result.json's `$defs`): hello's
// greeting and the session's user. One struct per result and one encoder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sp::protocol {

// hello: what the server speaks and allows.
struct Greeting {
  int protocol = 0;
  std::vector<std::string> capabilities;  // those of the client's this server honours
  std::string language;                   // a language's tag
  std::string server;
  std::string card_set_version;
  std::size_t max_frame_bytes = 0;
  double requests_per_second = 0;
};

// A user, {"id", "name"}, and "bot": true for a third-party bot's account.
struct UserShown {
  std::int64_t id = 0;
  std::string name;
  bool bot = false;
};

// register, login (with the new session's token), resume_session,
// admin_logout_user and admin_flag_bot (without one): {"user": ..., "token": ...}.
struct SessionUser {
  UserShown user;
  std::optional<std::string> token;
};

// become_bot: the account is a bot's for good; `permanent` says so.
struct BecameBot {
  UserShown user;
};

std::string encode_data(const Greeting& data);
std::string encode_data(const SessionUser& data);
std::string encode_data(const BecameBot& data);

}  // namespace sp::protocol
