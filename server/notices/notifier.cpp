#include "server/notices/notifier.hpp"

#include <memory>

#include "protocol/notification.hpp"
#include "server/notices/stored_notice.hpp"

namespace sp::server {

Notifier::Notifier(Store& store, const Clock& clock, UserChannels& channels, NoticeSender& webhooks,
                   NoticeSender* email)
    : store_(store), clock_(clock), channels_(channels), webhooks_(webhooks), email_(email) {}

void Notifier::deliver(const std::vector<StoredNotification>& stored) {
  QueuedChannels queued;
  for (const StoredNotification& s : stored) {
    auto frame = std::make_shared<const std::string>(protocol::encode_notification_push(notification_of(s.record)));
    channels_.send(s.record.user_id, frame);
    if (bus_) bus_->send(NodeBus::Kind::kUser, s.record.user_id, *frame);
    queued.webhook = queued.webhook || s.queued.webhook;
    queued.email = queued.email || s.queued.email;
  }
  wake(queued);
}

void Notifier::wake(const QueuedChannels& queued) {
  if (queued.webhook) webhooks_.wake();
  if (queued.email && email_ != nullptr) email_->wake();
}

void Notifier::warn_deadline(std::int64_t table_id, std::int64_t deadline_at, int hours_before,
                             NotificationDraft draft) {
  auto stored = std::make_shared<std::vector<StoredNotification>>();
  const std::int64_t now = clock_.now();
  store_.submit(
      [table_id, deadline_at, hours_before, draft = std::move(draft), stored, now](Records& db) {
        // The move may have been made since the table asked: its commit
        // changed the deadline, and this transaction sees that.
        if (db.table_deadline(table_id) != deadline_at) return;
        if (!db.mark_deadline_warned(table_id, deadline_at, hours_before)) return;
        if (auto s = store_notification(db, draft, now)) stored->push_back(std::move(*s));
      },
      [this, stored](std::exception_ptr error) {
        if (!error) deliver(*stored);
      });
}

void Notifier::notify(std::vector<NotificationDraft> drafts) {
  if (drafts.empty()) return;
  auto stored = std::make_shared<std::vector<StoredNotification>>();
  const std::int64_t now = clock_.now();
  store_.submit(
      [drafts = std::move(drafts), stored, now](Records& db) {
        for (const NotificationDraft& d : drafts) {
          if (auto s = store_notification(db, d, now)) stored->push_back(std::move(*s));
        }
      },
      [this, stored](std::exception_ptr error) {
        if (!error) deliver(*stored);
      });
}

}  // namespace sp::server
