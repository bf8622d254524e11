#include "server/time/floating_vacation.hpp"

#include "server/time/vacation_allowance.hpp"

namespace sp::server {

FloatingDay spend_floating_day(Records& db, std::int64_t user, std::int64_t now, int days_per_year) {
  FloatingDay day;
  db.hold_user(user);
  // Away already (a day spent at another table, or a vacation whose start has
  // not reached this table yet): the clock stops as the vacation's does.
  if (db.current_vacation(user, now)) {
    day.outcome = FloatingDay::Outcome::kAlreadyAway;
    return day;
  }
  if (!db.notice_settings(user).floating_vacation) return day;
  const int used = days_used_this_year(db.vacations_of(user, year_start(now)), now);
  if (used >= days_per_year) return day;
  const std::int64_t ends = now + kSecondsPerDay;
  day.outcome = FloatingDay::Outcome::kSpent;
  day.vacation = VacationRecord{db.insert_vacation(user, now, ends, true), user, now, ends, std::nullopt, true};
  day.days_left = days_per_year - used - 1;
  return day;
}

}  // namespace sp::server
