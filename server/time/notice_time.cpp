#include "server/time/notice_time.hpp"

#include <date/tz.h>

#include <chrono>
#include <stdexcept>

namespace sp::server {
namespace {

using Seconds = std::chrono::seconds;
using SysSeconds = std::chrono::time_point<std::chrono::system_clock, Seconds>;

const date::time_zone* zone_or_utc(const std::string& name) {
  try {
    return date::locate_zone(name);
  } catch (const std::runtime_error&) {
    return date::locate_zone("Etc/UTC");
  }
}

date::local_seconds local_of(const date::time_zone* zone, std::int64_t now) {
  return zone->to_local(SysSeconds(Seconds(now)));
}

std::int64_t unix_of(const date::time_zone* zone, date::local_seconds local) {
  // A wall time that does not exist (the spring-forward gap) or exists twice
  // (the autumn repeat) is taken as its earliest meaning.
  return zone->to_sys(local, date::choose::earliest).time_since_epoch().count();
}

int local_hour(const date::time_zone* zone, std::int64_t now) {
  const auto local = local_of(zone, now);
  const auto day = date::floor<date::days>(local);
  return static_cast<int>(date::floor<std::chrono::hours>(local - day).count());
}

// The first moment after `now` when the wall clock shows `hour`:00.
std::int64_t next_hour(const date::time_zone* zone, int hour, std::int64_t now) {
  const auto day = date::floor<date::days>(local_of(zone, now));
  for (int d = 0; d < 3; ++d) {
    const std::int64_t at = unix_of(zone, day + date::days(d) + std::chrono::hours(hour));
    if (at > now) return at;
  }
  return now + 24 * 3600;
}

}  // namespace

bool known_time_zone(const std::string& name) {
  if (name.empty() || name.size() > 64) return false;
  try {
    date::locate_zone(name);
    return true;
  } catch (const std::runtime_error&) {
    return false;
  }
}

std::int64_t next_local_hour(const std::string& zone, int hour, std::int64_t now) {
  return next_hour(zone_or_utc(zone), hour, now);
}

std::optional<std::int64_t> quiet_hours_end(const NoticeSettingsRecord& settings, std::int64_t now) {
  if (!settings.quiet_from || !settings.quiet_until || *settings.quiet_from == *settings.quiet_until) {
    return std::nullopt;
  }
  const date::time_zone* zone = zone_or_utc(settings.time_zone);
  const int hour = local_hour(zone, now);
  const int from = *settings.quiet_from;
  const int until = *settings.quiet_until;
  const bool quiet = from < until ? (hour >= from && hour < until) : (hour >= from || hour < until);
  if (!quiet) return std::nullopt;
  return next_hour(zone, until, now);
}

std::string local_date(const std::string& zone, std::int64_t now) {
  const auto day = date::floor<date::days>(local_of(zone_or_utc(zone), now));
  return date::format("%F", day);
}

}  // namespace sp::server
