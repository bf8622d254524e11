#include "server/notices/digest_mail.hpp"

#include <nlohmann/json.hpp>

#include "server/notices/notice_channels.hpp"
#include "server/notices/table_name_words.hpp"
#include "server/time/digests.hpp"
#include "server/time/notice_time.hpp"

namespace sp::server {

using nlohmann::json;

namespace {

constexpr std::int64_t kDay = 24 * 3600;

}  // namespace

bool queue_digest(Records& db, std::int64_t user_id, std::int64_t now) {
  const NoticeSettingsRecord settings = db.notice_settings(user_id);
  const auto address = db.email_of(user_id);
  bool queued = false;
  if (address && address->confirmed_at && wants_digest(settings)) {
    json tables = json::array();
    for (const WaitingTable& t : db.tables_waiting_for(user_id, now)) {
      const std::string name = table_name_in(db, t.table_id, settings.language).value_or(t.name);
      tables.push_back(json{{"id", t.table_id}, {"name", name},
                            {"deadline_at", t.deadline_at ? json(*t.deadline_at) : json(nullptr)}});
    }
    json news = json::array();
    for (const NotificationRecord& n : db.notifications_since(user_id, now - kDay, 200)) {
      const auto kind = notice_kind_of(db, n);
      if (!kind || settings.choice(*kind) != NoticeDelivery::kDigest) continue;
      // The list of waiting tables says these better than a day of them would.
      if (*kind == NoticeKind::kYourTurn || *kind == NoticeKind::kDeadlineNear) continue;
      const json body = json::parse(n.body_json, nullptr, false);
      news.push_back(json{{"kind", n.kind},
                          {"table", n.table_id ? json(*n.table_id) : json(nullptr)},
                          {"table_name", n.table_id ? table_name_in(db, *n.table_id, settings.language).value_or("") : ""},
                          {"details", body.is_object() ? body.value("details", json::object()) : json::object()}});
    }
    if (!tables.empty() || !news.empty()) {
      EmailRecord email;
      email.idempotency_key = "digest:" + std::to_string(user_id) + ":" + local_date(settings.time_zone, now);
      email.user_id = user_id;
      email.purpose = EmailPurpose::kDigest;
      email.payload_json = json{{"tables", tables}, {"news", news}}.dump();
      email.next_attempt_at = now;
      queued = db.insert_email(email, now);
    }
  }
  plan_next_digest(db, user_id, now);
  return queued;
}

}  // namespace sp::server
