#include "server/time/retention.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <memory>

#include "server/store/records.hpp"

namespace sp::server {
namespace {

constexpr std::int64_t kSecondsPerDay = 24 * 3600;
// Start-up loads the tables and resumes the webhooks first.
constexpr std::int64_t kFirstSweepDelaySeconds = 60;
// Rows of each table per job: tens of milliseconds of the writer's time.
constexpr int kBatchRows = 10'000;
// A sweep's claim outlasts the day to the same node's next sweep by this
// much, so that node renews it before any other may take it.
constexpr std::int64_t kClaimMarginSeconds = 600;

PrunedRows operator+(PrunedRows a, PrunedRows b) {
  return PrunedRows{a.deliveries + b.deliveries, a.notifications + b.notifications, a.sessions + b.sessions};
}

}  // namespace

Retention::Retention(boost::asio::any_io_executor executor, Store& store, const Clock& clock, Scheduler& scheduler,
                     RetentionPolicy policy, std::string node)
    : executor_(executor),
      store_(store),
      clock_(clock),
      scheduler_(scheduler),
      policy_(policy),
      claim_{std::move(node), (kSecondsPerDay + kClaimMarginSeconds) * 1000} {}

void Retention::start() {
  schedule(clock_.now() + kFirstSweepDelaySeconds, PrunedRows{});
}

void Retention::schedule(std::int64_t at, PrunedRows so_far) {
  scheduler_.set({Due::kRetentionSweep, 0}, at, [this, so_far] { sweep(so_far); });
}

void Retention::sweep(PrunedRows so_far) {
  auto batch = std::make_shared<PrunedRows>();
  auto claim = std::make_shared<ClaimAnswer>();
  store_.submit(
      // Everything by the server's one clock (the test clock in tests), as
      // logging in checks sessions.
      [batch, claim, by = claim_, now = clock_.now(),
       notifications = policy_.keep_notifications_days * kSecondsPerDay,
       webhooks = policy_.keep_webhooks_days * kSecondsPerDay](Records& db) {
        *claim = db.claim_timed_work(TimedWork::kRetentionSweep, by);
        if (!claim->granted) return;
        *batch = db.prune_settled(now, notifications, webhooks, kBatchRows);
        batch->sessions = db.delete_expired_sessions(now, kBatchRows);
      },
      [this, batch, claim, so_far](std::exception_ptr error) {
        boost::asio::post(executor_, [this, batch, claim, so_far, error] { swept(so_far, *batch, *claim, error); });
      });
}

void Retention::swept(PrunedRows so_far, PrunedRows batch, ClaimAnswer claim, std::exception_ptr error) {
  if (!error && !claim.granted) {
    // Another node sweeps these days: try again when its claim would end.
    return schedule(clock_.now() + (claim.holder_left_ms + 999) / 1000, PrunedRows{});
  }
  const bool more = !error && (batch.deliveries == kBatchRows || batch.notifications == kBatchRows ||
                               batch.sessions == kBatchRows);
  // A failed job rolled back: its batch deleted nothing.
  const PrunedRows total = error ? so_far : so_far + batch;
  if (more) return schedule(clock_.now(), total);
  if (error) spdlog::error("retention: old notifications, webhook deliveries and sessions could not be deleted");
  if (total.deliveries > 0 || total.notifications > 0) {
    spdlog::info("retention: deleted {} rows of webhook_outbox and {} of notifications", total.deliveries,
                 total.notifications);
  }
  if (total.sessions > 0) spdlog::info("retention: deleted {} expired sessions", total.sessions);
  schedule(clock_.now() + kSecondsPerDay, PrunedRows{});
}

}  // namespace sp::server
