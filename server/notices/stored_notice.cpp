#include "server/notices/stored_notice.hpp"

namespace sp::server {

protocol::Notification notification_of(const NotificationRecord& n) {
  return protocol::notification_from_stored(n.id, n.kind, n.table_id, n.body_json, n.created_at, n.read);
}

nlohmann::json notification_json(const NotificationRecord& n) {
  return protocol::encode_notification(notification_of(n));
}

}  // namespace sp::server
