// Rows of correspondence play (schema/0002_correspondence.sql): vacations,
// notifications and the webhook outbox, and what retention removed of them.
// Seat control and a table's pace are columns of rows.hpp's records.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sp::server {

// Vacations ------------------------------------------------------------------

struct VacationRecord {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
  std::int64_t starts_at = 0;
  std::int64_t ends_at = 0;
  std::optional<std::int64_t> ended_at;
  // A day of floating vacation, spent when the user's clock ran out.
  bool floating = false;
};

// Notifications and webhooks ------------------------------------------------

struct NotificationRecord {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
  std::string kind;
  std::optional<std::int64_t> table_id;
  std::string body_json;
  std::int64_t created_at = 0;
  bool read = false;
};

// A webhook delivery's state: waiting for its next attempt, delivered, or
// given up after its last attempt. Stored as its word.
enum class DeliveryStatus : std::uint8_t { kPending, kDelivered, kGivenUp };
std::string_view to_string(DeliveryStatus status);
// Unknown text reads as given up: a delivery the server cannot read is not retried.
DeliveryStatus parse_delivery_status(std::string_view word);

// Which way a delivery of the outbox goes: a POST to the user's webhook, or a
// Web Push message to one of their browsers' subscriptions. Stored as its word.
enum class DeliveryChannel : std::uint8_t { kWebhook, kPush };
std::string_view to_string(DeliveryChannel channel);
DeliveryChannel parse_delivery_channel(std::string_view word);

// What a delivery is sent with, read with it from its channel's state when
// it is due (not copied into the outbox): the webhook's secret while the
// delivery's address is still the user's webhook; the subscription's keys
// (base64url) while it exists. Empty: that webhook or subscription is gone.
struct DeliveryKeys {
  std::string webhook_secret;
  std::string p256dh;
  std::string auth;
};

struct DeliveryRecord {
  std::int64_t id = 0;
  std::int64_t notification_id = 0;
  std::string url;
  std::string body_json;
  DeliveryStatus status = DeliveryStatus::kPending;
  int attempts = 0;
  std::int64_t next_attempt_at = 0;
  std::string last_error;
  DeliveryChannel channel = DeliveryChannel::kWebhook;
  std::optional<std::int64_t> subscription_id;  // a push delivery's
  DeliveryKeys keys;                            // read by due_deliveries only
  std::int64_t notified_at = 0;                 // its notification's time; read by due_deliveries only
};

// Web Push (schema/0008_push.sql) --------------------------------------------

// A browser's push subscription: its push service's endpoint and its keys
// (base64url, as the browser gives them).
struct PushSubscriptionRecord {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
  std::string endpoint;
  std::string p256dh;
  std::string auth;
  std::int64_t created_at = 0;
};

// The server's VAPID key pair: PKCS#8 PEM, and the public key in base64url.
struct VapidKeyRecord {
  std::string private_pem;
  std::string public_key;
};

// Retention ------------------------------------------------------------------

// What one pass of retention deleted (Records::prune_settled and
// Records::delete_expired_sessions).
struct PrunedRows {
  int deliveries = 0;
  int notifications = 0;
  int sessions = 0;  // expired login sessions
};

// How far the outboxes (webhooks and Web Push, email) are behind, for the
// metrics (server/notices/outbox_gauge.hpp). A row is in the backlog from the
// moment it is first due until it is delivered or given up: due now, or
// tried and failed and waiting for its retry; a row held before its first
// attempt (quiet hours) is not. It waits for a claim when it is due now and
// no node holds a live claim on it (with SQLite, which claims nothing: due now).
struct OutboxDepth {
  std::int64_t backlog = 0;
  std::int64_t waiting = 0;
  std::optional<std::int64_t> oldest_created_at;  // the oldest backlog row's notice (or email) creation time
};

}  // namespace sp::server
