#include "server/notices/notification_draft.hpp"

#include "protocol/notification.hpp"

namespace sp::server {

std::optional<StoredNotification> store_notification(Records& db, const NotificationDraft& draft, std::int64_t now) {
  if (db.is_robot_user(draft.user_id)) return std::nullopt;
  NotificationRecord n{0, draft.user_id, draft.kind, draft.table_id,
                       protocol::stored_notification_body(draft.text, protocol::encode_details(draft.details)), now, false};
  n.id = db.insert_notification(n);
  return StoredNotification{n, queue_on_channels(db, n, now)};
}

}  // namespace sp::server
