// Reply: what a request is answered, by its handler or by the table it asked.
// Written once into the `result` or `error` frame by Request::reply
// (protocol/reply_frames.hpp).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "engine/order_error.hpp"
#include "engine/rule_error.hpp"
#include "protocol/decode_error.hpp"
#include "protocol/error_code.hpp"
#include "server/session/subscriber.hpp"

namespace sp::server {

// A reply to one request: the `data` of a result, as an object's JSON text
// written by its protocol encoder, or an error: a protocol ErrorCode, a rule
// of the game the engine refused, or a malformed action. `code` is the
// error's wire string, set only by the factories below.
struct Reply {
  bool ok = true;
  std::string data_text = "{}";
  std::string code;
  std::string message;
  // A rule of the game: the message is said again in the connection's language.
  std::optional<engine::RuleError> rule;
  // A frame the connection is sent right after the reply, in the same post,
  // if its identity is still `then_epoch`: an acknowledged move's own
  // table_update, which would otherwise be a second post to the mover.
  std::shared_ptr<const std::string> then;
  IdentityEpoch then_epoch = 0;

  static Reply result(std::string data_text) { return Reply{true, std::move(data_text), {}, {}, {}, {}, 0}; }
  static Reply error(protocol::ErrorCode code, std::string message) {
    return Reply{false, "{}", std::string(protocol::to_string(code)), std::move(message), {}, {}, 0};
  }
  static Reply error(protocol::ErrorCode code) { return error(code, std::string(protocol::default_message(code))); }
  static Reply rule_error(const engine::RuleError& error) {
    return Reply{false, "{}", std::string(engine::to_string(error.code)), error.message, error, {}, 0};
  }
  // A standing order refused when written: the order's number (from 1) and why.
  static Reply order_error(std::size_t number, const engine::OrderError& error) {
    return Reply{false, "{}", std::string(engine::to_string(error.code)),
                 "Order " + std::to_string(number) + ": " + error.message, {}, {}, 0};
  }
  // A malformed action or options (protocol/decode_error.hpp).
  static Reply decode_error(const protocol::DecodeError& error) {
    return Reply{false, "{}", error.code, error.message, {}, {}, 0};
  }
};
using ReplyFn = std::function<void(Reply)>;

}  // namespace sp::server
