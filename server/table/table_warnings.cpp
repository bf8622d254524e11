// The Table's warnings before a move deadline (see table.hpp and
// docs/notifications.md): the scheduler wakes the table at each warning's
// time; the table, idle, checks that it still waits on that deadline and on
// a person, and asks the notifier to store the warning, which it does once
// per deadline and warning, in a transaction that checks the deadline again.
#include "protocol/notice_details.hpp"
#include "server/table/table.hpp"
#include "server/time/deadline_warning.hpp"

namespace sp::server {

void Table::deadline_warning_due(std::int64_t deadline_at, DeadlineWarning warning) {
  when_idle([self = shared_from_this(), deadline_at, warning] {
    if (self->faulted_ || self->state_.is_finished() || self->record_.deadline_at != deadline_at) return;
    self->pace_.warning_handled(warning.at);
    const auto seat = self->seat_to_act();
    if (seat && self->controller_of(*seat) == SeatController::kHuman) {
      const SeatRecord& waiting = self->record_.seats.at(seat->value);
      const std::int64_t left = std::max<std::int64_t>(0, deadline_at - self->correspondence_.clock.now());
      const int hours_left = static_cast<int>((left + 3599) / 3600);
      self->correspondence_.notifier.warn_deadline(
          self->id_, deadline_at, warning.hours_before,
          NotificationDraft{waiting.user_id, "deadline_near", self->id_,
                            "Your move at " + self->record_.name + " is due in less than " +
                                std::to_string(hours_left) + " h.",
                            protocol::DeadlineNearDetails{hours_left, deadline_at}});
    }
    self->pace_.next_warning(deadline_at, self->correspondence_.clock.now(), self->alarms());
  });
}

}  // namespace sp::server
