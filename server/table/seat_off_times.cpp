#include "server/table/seat_off_times.hpp"

namespace sp::server {

OffTime off_time_of(const NoticeSettingsRecord& settings) {
  OffTime off;
  off.time_zone = settings.time_zone;
  if (settings.off_night_from && settings.off_night_until) {
    off.nights = OffTime::Nights{*settings.off_night_from, *settings.off_night_until};
  }
  for (std::size_t day = 0; day < off.off_days.size(); ++day) off.off_days[day] = (settings.off_days >> day) & 1;
  return off;
}

OffTimes seat_off_times(Records& db, const std::vector<std::optional<std::int64_t>>& people) {
  OffTimes out(people.size());
  for (std::size_t seat = 0; seat < people.size(); ++seat) {
    if (people[seat]) out[seat] = off_time_of(db.notice_settings(*people[seat]));
  }
  return out;
}

}  // namespace sp::server
