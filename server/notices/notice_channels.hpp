// Notice channels: the one place where a stored notification fans out to the
// ways a player is reached besides the page (docs/architecture.md, "Notices
// and their channels"). Each channel that wants the notification writes its
// own outbox row here, in the transaction that stores the notification (the
// move's, the event's), so the notification and every delivery of it exist
// together or not at all. After the commit, Notifier::deliver() wakes the
// senders of the channels that queued something.
//
// A channel is two small pieces: a queue_* function below, called in the
// store job, and a sender (a NoticeSender, notice_sender.hpp) whose wake()
// reads its outbox off the table strands (webhook_sender.hpp,
// email_sender.hpp).
#pragma once

#include <cstdint>
#include <optional>

#include "server/store/records.hpp"

namespace sp::server {

// Which channels queued a delivery of one notification.
struct QueuedChannels {
  bool webhook = false;  // a webhook or Web Push delivery
  bool email = false;
};

// In a store job: queues `n` on every channel that wants it.
QueuedChannels queue_on_channels(Records& db, const NotificationRecord& n, std::int64_t now);

// The webhook channel: a delivery when the user has a webhook address.
bool queue_webhook(Records& db, const NotificationRecord& n, std::int64_t now);

// The Web Push channel: a delivery to each of the user's push subscriptions,
// in the webhooks' outbox (the webhook sender sends both).
bool queue_push(Records& db, const NotificationRecord& n, std::int64_t now);

// The email channel: an email when the user has a confirmed address and
// chose `immediate` for the notice's kind; due at once, or when the player's
// quiet hours end. Kinds chosen for the digest wait for it (digest_mail.hpp).
bool queue_email(Records& db, const NotificationRecord& n, std::int64_t now);

// The player's kind of notice a notification is, if any: a timeout counts as
// "robot_took_seat" for the seat's own player only.
std::optional<NoticeKind> notice_kind_of(Records& db, const NotificationRecord& n);

}  // namespace sp::server
