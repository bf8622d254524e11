#include "server/correspondence/notifier.hpp"

#include <memory>

#include "server/correspondence/push_message.hpp"

namespace sp::server {

using nlohmann::json;

std::optional<StoredNotification> store_notification(Records& db, const NotificationDraft& draft, std::int64_t now) {
  if (db.is_robot_user(draft.user_id)) return std::nullopt;
  NotificationRecord n{0, draft.user_id, draft.kind, draft.table_id,
                       json{{"text", draft.text}, {"details", draft.details}}.dump(), now, false};
  n.id = db.insert_notification(n);
  StoredNotification stored{n, false};
  if (const auto url = db.webhook_url_of(draft.user_id)) {
    const json body{{"type", "notification"}, {"user_id", draft.user_id}, {"notification", notification_json(n)}};
    db.insert_delivery(n.id, *url, body.dump(), now);
    stored.outbox = true;
  }
  for (const PushSubscriptionRecord& subscription : db.push_subscriptions_of(draft.user_id)) {
    db.insert_push_delivery(n.id, subscription, push_payload(n), now);
    stored.outbox = true;
  }
  return stored;
}

json notification_json(const NotificationRecord& n) {
  const json body = json::parse(n.body_json, nullptr, false);
  return json{{"id", n.id},
              {"kind", n.kind},
              {"table", n.table_id ? json(*n.table_id) : json(nullptr)},
              {"text", body.is_object() ? body.value("text", "") : ""},
              {"details", body.is_object() && body.contains("details") ? body.at("details") : json::object()},
              {"created_at", n.created_at},
              {"read", n.read}};
}

Notifier::Notifier(Store& store, const Clock& clock, UserChannels& channels, WebhookSender& webhooks)
    : store_(store), clock_(clock), channels_(channels), webhooks_(webhooks) {}

void Notifier::deliver(const std::vector<StoredNotification>& stored) {
  bool outbox = false;
  for (const StoredNotification& s : stored) {
    channels_.send(s.record.user_id, std::make_shared<const std::string>(
                                         json{{"type", "notification"}, {"notification", notification_json(s.record)}}
                                             .dump()));
    outbox = outbox || s.outbox;
  }
  if (outbox) webhooks_.wake();
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
