#include "server/notices/notice_channels.hpp"

#include <nlohmann/json.hpp>

#include "protocol/notification.hpp"
#include "server/notices/push_message.hpp"
#include "server/notices/stored_notice.hpp"
#include "server/time/notice_time.hpp"

namespace sp::server {

using nlohmann::json;

QueuedChannels queue_on_channels(Records& db, const NotificationRecord& n, std::int64_t now) {
  QueuedChannels queued;
  queued.webhook = queue_webhook(db, n, now);
  // Web Push shares the webhooks' outbox and sender.
  queued.webhook = queue_push(db, n, now) || queued.webhook;
  queued.email = queue_email(db, n, now);
  return queued;
}

bool queue_webhook(Records& db, const NotificationRecord& n, std::int64_t now) {
  const auto url = db.webhook_url_of(n.user_id);
  if (!url) return false;
  db.insert_delivery(n.id, *url, protocol::encode_webhook_notification(n.user_id, notification_of(n)), now);
  return true;
}

bool queue_push(Records& db, const NotificationRecord& n, std::int64_t now) {
  bool queued = false;
  for (const PushSubscriptionRecord& subscription : db.push_subscriptions_of(n.user_id)) {
    db.insert_push_delivery(n.id, subscription, push_payload(n), now);
    queued = true;
  }
  return queued;
}

std::optional<NoticeKind> notice_kind_of(Records& db, const NotificationRecord& n) {
  // A question about a late seat waits for this player's answer, as a turn does.
  if (n.kind == "your_turn" || n.kind == "late_vote") return NoticeKind::kYourTurn;
  if (n.kind == "deadline_near") return NoticeKind::kDeadlineNear;
  if (n.kind == "game_ended") return NoticeKind::kGameOver;
  // A tournament's new table, or its registration closing, asks the player to
  // come and play as an invitation does; its end is told as a game's.
  if (n.kind == "invited" || n.kind == "tournament_round" || n.kind == "tournament_registration_closing" ||
      n.kind == "tournament_invited" || n.kind == "league_season" || n.kind == "league_table") {
    return NoticeKind::kInvitation;
  }
  if (n.kind == "tournament_finished" || n.kind == "league_season_finished") return NoticeKind::kGameOver;
  if (n.kind == "chat_mention") return NoticeKind::kChatMention;
  if (n.kind == "vacation_day_spent") return NoticeKind::kVacationDaySpent;
  if (n.kind == "timed_out") {
    const json body = json::parse(n.body_json, nullptr, false);
    const auto user = db.find_user(n.user_id);
    const bool own_seat = user && body.is_object() && body.contains("details") &&
                          body["details"].value("name", "") == user->name;
    if (own_seat) return NoticeKind::kRobotTookSeat;
  }
  return std::nullopt;
}

bool queue_email(Records& db, const NotificationRecord& n, std::int64_t now) {
  const auto kind = notice_kind_of(db, n);
  if (!kind) return false;
  const auto address = db.email_of(n.user_id);
  if (!address || !address->confirmed_at) return false;
  const NoticeSettingsRecord settings = db.notice_settings(n.user_id);
  if (settings.choice(*kind) != NoticeDelivery::kImmediate) return false;
  EmailRecord email;
  email.idempotency_key = "notice:" + std::to_string(n.id);
  email.user_id = n.user_id;
  email.purpose = EmailPurpose::kNotice;
  email.notification_id = n.id;
  email.payload_json = json{{"kind", to_string(*kind)}}.dump();
  email.next_attempt_at = quiet_hours_end(settings, now).value_or(now);
  return db.insert_email(email, now);
}

}  // namespace sp::server
