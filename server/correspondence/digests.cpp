#include "server/correspondence/digests.hpp"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <memory>

#include "server/correspondence/notice_channels.hpp"
#include "server/correspondence/notice_time.hpp"

namespace sp::server {

using nlohmann::json;

namespace {

constexpr int kBatch = 50;
constexpr std::int64_t kDay = 24 * 3600;

bool wants_digest(const NoticeSettingsRecord& settings) {
  return std::any_of(kNoticeKinds.begin(), kNoticeKinds.end(),
                     [&](NoticeKind k) { return settings.choice(k) == NoticeDelivery::kDigest; });
}

}  // namespace

void plan_next_digest(Records& db, std::int64_t user_id, std::int64_t now) {
  NoticeSettingsRecord settings = db.notice_settings(user_id);
  const auto address = db.email_of(user_id);
  std::optional<std::int64_t> next;
  if (address && address->confirmed_at && wants_digest(settings)) {
    next = next_local_hour(settings.time_zone, settings.digest_hour, now);
  }
  settings.next_digest_at = next;
  db.save_notice_settings(settings);
}

bool queue_digest(Records& db, std::int64_t user_id, std::int64_t now) {
  const NoticeSettingsRecord settings = db.notice_settings(user_id);
  const auto address = db.email_of(user_id);
  bool queued = false;
  if (address && address->confirmed_at && wants_digest(settings)) {
    json tables = json::array();
    for (const WaitingTable& t : db.tables_waiting_for(user_id, now)) {
      tables.push_back(json{{"id", t.table_id}, {"name", t.name},
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
                          {"table_name", n.table_id ? db.table_name(*n.table_id).value_or("") : ""},
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

Digests::Digests(Store& store, const Clock& clock, Scheduler& scheduler, std::function<void()> queued)
    : store_(store), clock_(clock), scheduler_(scheduler), queued_(std::move(queued)) {}

void Digests::rearm_after(std::optional<std::int64_t> not_before) {
  auto next = std::make_shared<std::optional<std::int64_t>>();
  store_.submit([next](Records& db) { *next = db.next_digest_at(); },
                [this, next, not_before](std::exception_ptr error) {
                  if (error) return spdlog::error("digests: the next digest time could not be read");
                  if (!*next) return scheduler_.cancel({Due::kDigest, 0});
                  scheduler_.set({Due::kDigest, 0}, std::max(**next, not_before.value_or(**next)), [this] { run(); });
                });
}

void Digests::run() {
  auto queued = std::make_shared<int>(0);
  auto found = std::make_shared<bool>(false);
  const std::int64_t now = clock_.now();
  store_.submit(
      [queued, found, now](Records& db) {
        const auto due = db.due_digests(now, kBatch);
        *found = !due.empty();
        // A full batch leaves the rest due: rearm() wakes for them at once.
        for (std::int64_t user : due) *queued += queue_digest(db, user, now) ? 1 : 0;
      },
      [this, queued, found, now](std::exception_ptr error) {
        if (error) spdlog::error("digests: could not be queued");
        if (*queued > 0) queued_();
        // Found none while one was due: another node is queueing it this
        // moment. Look again a second later, not at once and again.
        rearm_after(*found ? std::nullopt : std::optional<std::int64_t>(now + 1));
      });
}

}  // namespace sp::server
