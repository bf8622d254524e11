// A notification on its way in: what a table or a request drafts (it is your
// turn, a table started, a player timed out, the game ended, an invitation),
// and the same once stored in the store job of the event that causes it, so
// a notification exists exactly when its event does. Delivery after that
// job committed is the notifier's (notifier.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "protocol/notice_details.hpp"
#include "server/notices/notice_channels.hpp"
#include "server/store/correspondence_rows.hpp"
#include "server/store/records.hpp"

namespace sp::server {

struct NotificationDraft {
  std::int64_t user_id = 0;
  std::string kind;  // your_turn, table_started, timed_out, game_ended, invited, deadline_near, webhook_test
  std::optional<std::int64_t> table_id;
  std::string text;  // a sentence for people
  protocol::NoticeDetails details;
};

struct StoredNotification {
  NotificationRecord record;
  QueuedChannels queued;  // the channels that queued a delivery (notice_channels.hpp)
};

// In a store job: stores the notification and queues it on every channel
// that wants it (notice_channels.hpp). Robots are told nothing: returns nothing for them.
std::optional<StoredNotification> store_notification(Records& db, const NotificationDraft& draft, std::int64_t now);

}  // namespace sp::server
