// A stored notification as the protocol carries it: the one reading of a
// notifications row (its text and details in body_json) that the page's
// push, the in-app list, a webhook's body and a Web Push message share.
#pragma once

#include <nlohmann/json.hpp>

#include "protocol/notification.hpp"
#include "server/store/correspondence_rows.hpp"

namespace sp::server {

// A stored notification as the protocol carries it (protocol/notification.hpp).
protocol::Notification notification_of(const NotificationRecord& n);
// The protocol's shape of a notification (docs/protocol.md).
nlohmann::json notification_json(const NotificationRecord& n);

}  // namespace sp::server
