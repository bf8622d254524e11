// Notifications: what a player is told about their games while away from
// them. Each is stored (notification_draft.hpp), so it waits in the in-app
// list until read; pushed at once to the user's open connections as a
// `notification` message; and queued on the channels the player set up
// (notice_channels.hpp: a webhook, each of their browsers' Web Push
// subscriptions, email), whose senders the notifier then wakes.
//
// Storing happens inside the store job of the event that causes it (a move,
// a start, an invitation), so a notification exists exactly when its event
// does; delivery happens after that job committed.
//
// Thread-safety: deliver() and notify() are safe from any thread.
#pragma once

#include <cstdint>
#include <vector>

#include "server/base/clock.hpp"
#include "server/notices/notice_sender.hpp"
#include "server/notices/notification_draft.hpp"
#include "server/session/node_bus.hpp"
#include "server/session/user_channels.hpp"
#include "server/store/store.hpp"

namespace sp::server {

class Notifier {
 public:
  // The senders of the channels' outboxes: `webhooks` sends webhooks and Web
  // Push; `email` is nothing when the server sends no email.
  Notifier(Store& store, const Clock& clock, UserChannels& channels, NoticeSender& webhooks, NoticeSender* email);

  // After the store job that stored them committed: pushes them live and
  // wakes the senders of the channels that queued them.
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

 private:
  Store& store_;
  const Clock& clock_;
  UserChannels& channels_;
  static inline const NodeBus kNoBus{};
  const NodeBus* bus_ = nullptr;
  NoticeSender& webhooks_;
  NoticeSender* email_;
};

}  // namespace sp::server
