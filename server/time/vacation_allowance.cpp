#include "server/time/vacation_allowance.hpp"

#include <algorithm>
#include <chrono>

namespace sp::server {

std::int64_t year_start(std::int64_t t) {
  using namespace std::chrono;
  const sys_days day = floor<days>(sys_seconds{seconds{t}});
  const year_month_day ymd{day};
  return duration_cast<seconds>(sys_days{ymd.year() / January / 1}.time_since_epoch()).count();
}

int days_charged(const VacationRecord& v) {
  const std::int64_t end = v.ended_at ? std::min(*v.ended_at, v.ends_at) : v.ends_at;
  const std::int64_t length = std::max<std::int64_t>(0, end - v.starts_at);
  return static_cast<int>((length + kSecondsPerDay - 1) / kSecondsPerDay);
}

int days_used_this_year(const std::vector<VacationRecord>& vacations, std::int64_t now) {
  const std::int64_t from = year_start(now);
  int used = 0;
  for (const VacationRecord& v : vacations) {
    if (v.starts_at >= from && v.starts_at <= now) used += days_charged(v);
  }
  return used;
}

}  // namespace sp::server
