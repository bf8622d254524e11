// Notifications: what a player is told about their games while away from
// them (it is your turn, a table started, a player timed out, the game ended,
// an invitation). Each is stored, so it waits in the in-app list until read;
// pushed at once to the user's open connections as a `notification` message;
// and queued on the channels the player set up (notice_channels.hpp: a
// webhook, each of their browsers' Web Push subscriptions, email).
//
// Storing happens inside the store job of the event that causes it (a move,
// a start, an invitation), so a notification exists exactly when its event
// does; delivery happens after that job committed.
//
// Thread-safety: deliver() and notify() are safe from any thread.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/notification.hpp"
#include "server/base/clock.hpp"
#include "server/session/node_bus.hpp"
#include "server/session/user_channels.hpp"
#include "server/correspondence/notice_channels.hpp"
#include "server/correspondence/webhook_sender.hpp"
#include "server/store/correspondence_rows.hpp"
#include "server/store/store.hpp"

namespace sp::server {

class EmailSender;

struct NotificationDraft {
  std::int64_t user_id = 0;
  std::string kind;  // your_turn, table_started, timed_out, game_ended, invited, deadline_near, webhook_test
  std::optional<std::int64_t> table_id;
  std::string text;  // a sentence for people
  nlohmann::json details = nlohmann::json::object();
};

struct StoredNotification {
  NotificationRecord record;
  QueuedChannels queued;  // the channels that queued a delivery (notice_channels.hpp)
};

// In a store job: stores the notification and queues it on every channel
// that wants it (notice_channels.hpp). Robots are told nothing: returns nothing for them.
std::optional<StoredNotification> store_notification(Records& db, const NotificationDraft& draft, std::int64_t now);

// A stored notification as the protocol carries it (protocol/notification.hpp).
protocol::Notification notification_of(const NotificationRecord& n);
// The protocol's shape of a notification (docs/protocol.md).
nlohmann::json notification_json(const NotificationRecord& n);

class Notifier {
 public:
  // `email` is nothing when the server sends no email.
  Notifier(Store& store, const Clock& clock, UserChannels& channels, WebhookSender& webhooks, EmailSender* email);

  // After the store job that stored them committed: pushes them live and
  // wakes the webhook sender.
  void deliver(const std::vector<StoredNotification>& stored);
  // Stores (in a job of its own) and delivers.
  void notify(std::vector<NotificationDraft> drafts);
  // Wakes the senders of the channels that queued something.
  void wake(const QueuedChannels& queued);
  // A deadline warning (`draft`), stored and delivered once per deadline and
  // warning, and only while the table still waits on that deadline.
  void warn_deadline(std::int64_t table_id, std::int64_t deadline_at, int hours_before, NotificationDraft draft);

  UserChannels& channels() { return channels_; }
  // The other nodes sharing the database (node_bus.hpp): what is delivered
  // here goes to the user's connections there too. Set before serving.
  void set_bus(const NodeBus* bus) { bus_ = bus; }
  const NodeBus& bus() const { return bus_ ? *bus_ : kNoBus; }
  WebhookSender& webhooks() { return webhooks_; }

 private:
  Store& store_;
  const Clock& clock_;
  UserChannels& channels_;
  static inline const NodeBus kNoBus{};
  const NodeBus* bus_ = nullptr;
  WebhookSender& webhooks_;
  EmailSender* email_;
};

}  // namespace sp::server
