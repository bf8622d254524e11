// The Table at a seat's timeout (see table.hpp): a floating vacation day, the
// players' question (table_late_vote.cpp), or the timeout's move
// (docs/correspondence.md "Floating vacation", "The players decide").
#include <boost/asio/post.hpp>

#include "engine/rules.hpp"
#include "protocol/notice_details.hpp"
#include "server/table/late_vote.hpp"
#include "server/table/table.hpp"
#include "server/time/floating_vacation.hpp"

namespace sp::server {

namespace {

NotificationDraft day_spent_note(std::int64_t user, std::int64_t table, const std::string& table_name,
                                 const FloatingDay& day) {
  const std::string left = day.days_left == 1 ? "1 day is" : std::to_string(day.days_left) + " days are";
  return NotificationDraft{user, "vacation_day_spent", table,
                           "Your time ran out at " + table_name +
                               ": a day of your vacation was spent, so your clocks stand still for 24 hours. " + left +
                               " left this year.",
                           protocol::VacationDaySpentDetails{day.vacation->ends_at, day.days_left}};
}

}  // namespace

void Table::spend_floating_day_or_time_out(engine::Seat seat) {
  const std::int64_t user = record_.seats.at(seat.value).user_id;
  Aftermath pause;
  pause.deadline = Aftermath::Deadline::kPause;
  pause.wait_seat = seat.value;
  auto day = std::make_shared<FloatingDay>();
  auto written = std::make_shared<AftermathWritten>();
  writing_ = true;
  // The day and the clock's pause are one transaction: a day is never spent
  // without stopping the clock that ran out, nor the clock stopped for nothing.
  store_.submit(
      [table = id_, name = record_.name, clock = table_clock_of(record_), pause, user, day, written,
       now = correspondence_.clock.now(), per_year = correspondence_.vacation_days_per_year, fence = fence_,
       moves = record_.move_count](Records& db) mutable {
        if (fence) db.check_lease(table, *fence);
        *day = spend_floating_day(db, user, now, per_year);
        if (day->outcome == FloatingDay::Outcome::kNotSpent) return;
        if (day->outcome == FloatingDay::Outcome::kSpent) pause.notes.push_back(day_spent_note(user, table, name, *day));
        *written = write_aftermath(db, table, clock, pause, now);
        if (fence) db.tell_followers(table, moves);
      },
      [self = shared_from_this(), pause, day, written, seat](std::exception_ptr error) {
        boost::asio::post(self->strand_, [self, pause, day, written, seat, error] {
          self->writing_ = false;
          if (error && is_lease_lost(error)) return self->lease_lost("a seat's timeout was written");
          if (error) return self->fault("a floating vacation day could not be stored: " + failure_reason(error));
          if (day->outcome == FloatingDay::Outcome::kNotSpent) {
            self->time_out(seat);
          } else {
            self->apply_aftermath(pause, *written);
            if (day->vacation && self->correspondence_.floating_day_spent) {
              self->correspondence_.floating_day_spent(*day->vacation);
            }
          }
          self->process_next();
        });
      });
}

void Table::time_out(engine::Seat seat) {
  // At a table whose players decide, they are asked first; when nobody can
  // vote, or the time to vote ran out with the question open, the timeout's
  // move comes as at any table.
  if (record_.timeout_vote && !open_late_question(log_) && !answerers(seat).empty()) return ask_about_late(seat);
  const engine::Action action = absent_action(state_, seat);
  auto next = engine::apply(state_, seat, action);
  if (!next) return fault("the timeout move was refused: " + next.error().message);
  commit_move(Move{seat, action, Actor::kTimeout, {}, monotonic_seconds(), {}}, std::move(*next));
}

}  // namespace sp::server
