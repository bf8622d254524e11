#include "server/time/digests.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <memory>

#include "server/time/notice_time.hpp"

namespace sp::server {
namespace {

constexpr int kBatch = 50;

}  // namespace

bool wants_digest(const NoticeSettingsRecord& settings) {
  return std::any_of(kNoticeKinds.begin(), kNoticeKinds.end(),
                     [&](NoticeKind k) { return settings.choice(k) == NoticeDelivery::kDigest; });
}

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

Digests::Digests(Store& store, const Clock& clock, Scheduler& scheduler, QueueDigest queue,
                 std::function<void()> queued)
    : store_(store), clock_(clock), scheduler_(scheduler), queue_(std::move(queue)), queued_(std::move(queued)) {}

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
      [queued, found, now, queue = queue_](Records& db) {
        const auto due = db.due_digests(now, kBatch);
        *found = !due.empty();
        // A full batch leaves the rest due: rearm() wakes for them at once.
        for (std::int64_t user : due) *queued += queue(db, user, now) ? 1 : 0;
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
