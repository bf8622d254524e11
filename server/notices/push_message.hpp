// What a Web Push message says and how it is sent (docs/notifications-push-
// webhooks.md, "Web Push"): the notification in a small JSON, encrypted for
// the subscription (RFC 8291), POSTed to its push service with the server's
// VAPID authorization (RFC 8292) and a time to live (RFC 8030 §5.2).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/notices/outbound_post.hpp"
#include "server/notices/push_crypto.hpp"
#include "server/store/correspondence_rows.hpp"
#include "server/store/records.hpp"

namespace sp::server {

// The largest push payload the server makes, well under what one record
// carries (kMaxPushPlaintext): {"type":"notification","notification":{id,
// kind, table, text, created_at}}. The details stay behind (the page asks for
// them); a text that would not fit is cut, at a character, and ends in "…".
inline constexpr std::size_t kMaxPushPayload = 3000;
std::string push_payload(const NotificationRecord& notification);

// In a store job: the server's VAPID key pair, made and stored on first use.
VapidKey stored_vapid_key(Records& db, std::int64_t now);

struct PushSettings {
  std::string subject;             // VAPID's sub: the operator's mailto: or https: address
  int ttl_seconds = 4 * 24 * 3600;  // how long a push service keeps a message for a browser that is away
};

// The POST of a push delivery (its keys read with it), or why there is none:
// the subscription is gone, its endpoint is no https:// address, its keys
// are not keys. Throws std::runtime_error when OpenSSL fails.
PreparedPost push_request(const DeliveryRecord& delivery, const VapidKey& key, const PushSettings& settings,
                         std::int64_t now);

// The longest push endpoint accepted.
inline constexpr std::size_t kMaxPushEndpoint = 1000;

}  // namespace sp::server
