// The Table at a seat's timeout (see table.hpp): a floating vacation day, the
// players' question (table_late_vote.cpp), or the timeout's move
// (docs/correspondence.md "Floating vacation", "The players decide").
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
  // The day and the clock's pause are one transaction: a day is never spent
  // without stopping the clock that ran out, nor the clock stopped for nothing.
  change(
      std::move(pause),
      [self = shared_from_this(), day, seat](bool ok) {
        if (!ok) return;
        if (day->outcome == FloatingDay::Outcome::kNotSpent) return self->time_out(seat);
        if (day->vacation && self->correspondence_.floating_day_spent) {
          self->correspondence_.floating_day_spent(*day->vacation);
        }
      },
      [user, day, table = id_, name = record_.name,
       per_year = correspondence_.vacation_days_per_year](Records& db, Aftermath& to_write, std::int64_t now) {
        *day = spend_floating_day(db, user, now, per_year);
        if (day->outcome == FloatingDay::Outcome::kNotSpent) return false;
        if (day->outcome == FloatingDay::Outcome::kSpent) to_write.notes.push_back(day_spent_note(user, table, name, *day));
        return true;
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
