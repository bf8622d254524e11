#include "server/table/pace.hpp"

#include <algorithm>

namespace sp::server {

Pace::Pace(std::int64_t table, Scheduler& scheduler, std::vector<int> warning_hours)
    : table_(table), scheduler_(scheduler), warning_hours_(std::move(warning_hours)) {}

void Pace::wait_for(std::optional<std::int64_t> deadline_at, std::int64_t began, std::int64_t now, Alarms alarms) {
  if (!deadline_at) return stop();
  wait_warning_hours_ = warnings_for_wait(warning_hours_, *deadline_at - began);
  scheduler_.set({Due::kMoveDeadline, table_}, *deadline_at,
                 [at = *deadline_at, passed = std::move(alarms.deadline_passed)] { passed(at); });
  next_warning(*deadline_at, now, std::move(alarms));
}

void Pace::next_warning(std::int64_t deadline_at, std::int64_t now, Alarms alarms) {
  const Scheduler::Key key{Due::kDeadlineWarning, table_};
  const auto warning =
      wait_warning_hours_.empty() ? std::nullopt
                                  : next_deadline_warning(deadline_at, wait_warning_hours_, now, warned_until_);
  if (!warning) return scheduler_.cancel(key);
  scheduler_.set(key, warning->at, [deadline_at, warning = *warning, due = std::move(alarms.warning_due)] {
    due(deadline_at, warning);
  });
}

void Pace::stop() {
  scheduler_.cancel({Due::kMoveDeadline, table_});
  scheduler_.cancel({Due::kDeadlineWarning, table_});
  scheduler_.cancel({Due::kStandInMove, table_});
}

void Pace::automatic_at(std::int64_t at, std::function<void()> run) {
  automatic_waits_ = true;
  scheduler_.set({Due::kStandInMove, table_}, at, std::move(run));
}

void Pace::hurry() {
  if (!automatic_waits_) return;
  scheduler_.cancel({Due::kStandInMove, table_});
  automatic_waits_ = false;
  automatic_posted_ = false;
}

void Pace::warning_handled(std::int64_t at) { warned_until_ = std::max(warned_until_, at); }

bool Pace::post_automatic() {
  if (automatic_posted_) return false;
  automatic_posted_ = true;
  return true;
}

}  // namespace sp::server
