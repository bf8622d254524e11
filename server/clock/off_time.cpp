#include "server/clock/off_time.hpp"

#include <date/tz.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <vector>

namespace sp::server {
namespace {

using Seconds = std::chrono::seconds;
using SysSeconds = std::chrono::time_point<std::chrono::system_clock, Seconds>;

constexpr std::int64_t kDay = 24 * 3600;

struct Span {
  std::int64_t from = 0;
  std::int64_t to = 0;
};

const date::time_zone* zone_or_utc(const std::string& name) {
  try {
    return date::locate_zone(name);
  } catch (const std::runtime_error&) {
    return date::locate_zone("Etc/UTC");
  }
}

std::int64_t unix_of(const date::time_zone* zone, date::local_seconds local) {
  // A wall time that does not exist (the spring-forward gap) or exists twice
  // (the autumn repeat) is taken as its earliest meaning.
  return zone->to_sys(local, date::choose::earliest).time_since_epoch().count();
}

// The off spans that touch [from, to), in order and merged, walking the
// local days around them (a night that began the evening before counts).
std::vector<Span> off_spans(const OffTime& off, std::int64_t from, std::int64_t to) {
  const date::time_zone* zone = zone_or_utc(off.time_zone);
  const auto first = date::floor<date::days>(zone->to_local(SysSeconds(Seconds(from)))) - date::days(1);
  const auto last = date::floor<date::days>(zone->to_local(SysSeconds(Seconds(to)))) + date::days(1);
  std::vector<Span> spans;
  for (auto day = first; day <= last; day += date::days(1)) {
    const auto weekday = date::weekday(day).c_encoding();
    const std::int64_t midnight = unix_of(zone, day);
    const std::int64_t next_midnight = unix_of(zone, day + date::days(1));
    if (off.off_days[weekday]) spans.push_back({midnight, next_midnight});
    if (off.nights && off.nights->from != off.nights->until) {
      const auto until_day = off.nights->from < off.nights->until ? day : day + date::days(1);
      spans.push_back({unix_of(zone, day + std::chrono::hours(off.nights->from)),
                       unix_of(zone, until_day + std::chrono::hours(off.nights->until))});
    }
  }
  std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.from < b.from; });
  std::vector<Span> merged;
  for (const Span& s : spans) {
    if (s.to <= s.from) continue;
    if (!merged.empty() && s.from <= merged.back().to) {
      merged.back().to = std::max(merged.back().to, s.to);
    } else {
      merged.push_back(s);
    }
  }
  return merged;
}

}  // namespace

std::int64_t counted_seconds(const OffTime& off, std::int64_t from, std::int64_t to) {
  if (to <= from) return 0;
  std::int64_t counted = to - from;
  if (off.none()) return counted;
  for (const Span& s : off_spans(off, from, to)) {
    counted -= std::max<std::int64_t>(0, std::min(s.to, to) - std::max(s.from, from));
  }
  return counted;
}

std::optional<std::int64_t> after_counted(const OffTime& off, std::int64_t from, std::int64_t seconds) {
  if (off.none() || seconds <= 0) return from + std::max<std::int64_t>(0, seconds);
  // Week by week: a week with no time to count is followed by the same.
  std::int64_t at = from;
  std::int64_t left = seconds;
  while (true) {
    const std::int64_t end = at + 7 * kDay;
    if (counted_seconds(off, at, end) == 0) return std::nullopt;
    for (const Span& s : off_spans(off, at, end)) {
      if (s.to <= at) continue;
      if (s.from >= end) break;
      if (s.from > at) {
        if (s.from - at >= left) return at + left;
        left -= s.from - at;
      }
      at = s.to;
    }
    if (at < end) {
      if (end - at >= left) return at + left;
      left -= end - at;
      at = end;
    }
  }
}

OffStatus off_status(const OffTime& off, std::int64_t now) {
  if (off.none()) return {};
  for (const Span& s : off_spans(off, now, now + 7 * kDay)) {
    if (s.to <= now) continue;
    if (s.from <= now) return {true, s.to};
    return {false, s.from};
  }
  return {};
}

int declared_off_hours_per_week(const OffTime& off) {
  int days_off = 0;
  for (bool day : off.off_days) days_off += day ? 1 : 0;
  int night_hours = 0;
  if (off.nights && off.nights->from != off.nights->until) night_hours = (off.nights->until - off.nights->from + 24) % 24;
  return days_off * 24 + (7 - days_off) * night_hours;
}

}  // namespace sp::server
