// A notification (defs.json `notification`) and the three messages that carry
// one out: the push to the user's connections, the webhook's body and the Web
// Push payload (docs/notifications.md). Each has its one encoder here.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sp::protocol {

struct Notification {
  std::int64_t id = 0;
  std::string kind;
  std::optional<std::int64_t> table;
  std::string text;
  nlohmann::json details = nlohmann::json::object();
  std::int64_t created_at = 0;
  bool read = false;
};

// A stored notification's body, {"text", "details"}, as the store keeps it.
std::string stored_notification_body(std::string_view text, const nlohmann::json& details);
// A notification read back with its stored body; a body that is not an object
// reads as no text and no details.
Notification notification_from_stored(std::int64_t id, std::string kind, std::optional<std::int64_t> table,
                                      std::string_view body, std::int64_t created_at, bool read);

nlohmann::json encode_notification(const Notification& n);

// The `notification` push to a user's open connections.
std::string encode_notification_push(const Notification& n);
// The body posted to the user's webhook: the push with the user's id.
std::string encode_webhook_notification(std::int64_t user_id, const Notification& n);
// The Web Push payload: the push without the details and the read flag, its
// text cut (ending "…") so that it holds at most `max_bytes` bytes.
std::string encode_web_push_notification(const Notification& n, std::size_t max_bytes);

}  // namespace sp::protocol
