// The Table's warnings before a move deadline (see table.hpp and
// docs/notifications.md): the scheduler wakes the table at each warning's
// time; the table, idle, checks that it still waits on that deadline and on
// a person, and asks the notifier to store the warning, which it does once
// per deadline and warning, in a transaction that checks the deadline again.
#include "protocol/notice_details.hpp"
#include "server/table/table.hpp"
#include "server/time/deadline_warning.hpp"

namespace sp::server {


void Table::arm_deadline_warning() {
  const Scheduler::Key key{Due::kDeadlineWarning, id_};
  const auto& hours = correspondence_.deadline_warning_hours;
  if (!record_.deadline_at || faulted_ || state_.is_finished() || hours.empty()) {
    return correspondence_.scheduler.cancel(key);
  }
  const auto next =
      next_deadline_warning(*record_.deadline_at, hours, correspondence_.clock.now(), warned_until_);
  if (!next) return correspondence_.scheduler.cancel(key);
  correspondence_.scheduler.set(
      key, next->at, [weak = weak_from_this(), deadline = *record_.deadline_at, warning = *next] {
        if (auto self = weak.lock()) self->deadline_warning_due(deadline, warning.at, warning.hours_before);
      });
}

void Table::deadline_warning_due(std::int64_t deadline_at, std::int64_t warning_at, int hours_before) {
  when_idle([self = shared_from_this(), deadline_at, warning_at, hours_before] {
    if (self->faulted_ || self->state_.is_finished() || self->record_.deadline_at != deadline_at) return;
    self->warned_until_ = std::max(self->warned_until_, warning_at);
    const auto seat = self->seat_to_act();
    if (seat && self->controller_of(*seat) == SeatController::kHuman) {
      const SeatRecord& waiting = self->record_.seats.at(seat->value);
      const std::int64_t left = std::max<std::int64_t>(0, deadline_at - self->correspondence_.clock.now());
      const int hours_left = static_cast<int>((left + 3599) / 3600);
      self->correspondence_.notifier.warn_deadline(
          self->id_, deadline_at, hours_before,
          NotificationDraft{waiting.user_id, "deadline_near", self->id_,
                            "Your move at " + self->record_.name + " is due in less than " +
                                std::to_string(hours_left) + " h.",
                            protocol::DeadlineNearDetails{hours_left, deadline_at}});
    }
    self->arm_deadline_warning();
  });
}

}  // namespace sp::server
