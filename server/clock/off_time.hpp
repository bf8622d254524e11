// A player's off time (issue 35, item 2): nights, a daily window of the
// wall clock, and off days, whole days of the week, both in the player's own
// IANA time zone, daylight saving included. Their seat's clock does not run
// through them. Pure arithmetic on unix seconds over the system's tzdata
// (Howard Hinnant's date/tz, as server/time/notice_time.hpp).
//
// Thread-safety: every function is safe from any thread.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace sp::server {

struct OffTime {
  std::string time_zone = "Etc/UTC";  // a zone the server does not know counts as UTC
  // Nights from `from`:00 until `until`:00 local time, over midnight when
  // from > until (22 until 7); none, or from == until: no nights.
  struct Nights {
    int from = 0;
    int until = 0;
  };
  std::optional<Nights> nights;
  std::array<bool, 7> off_days{};  // by weekday, 0 = Sunday .. 6 = Saturday, whole local days

  bool none() const { return (!nights || nights->from == nights->until) && off_days == std::array<bool, 7>{}; }
};

// The seconds of [from, to) a clock counts: those outside the off time.
std::int64_t counted_seconds(const OffTime& off, std::int64_t from, std::int64_t to);

// The moment `seconds` counted seconds after `from`: when a clock started at
// `from` with `seconds` left runs out. None when the off time leaves no time
// to count (a whole week off).
std::optional<std::int64_t> after_counted(const OffTime& off, std::int64_t from, std::int64_t seconds);

// Whether the player is in their off time at `now`, and when that next
// changes: the end of this off time, or the start of the next one (none: no
// change within a week, as with no off time at all).
struct OffStatus {
  bool off = false;
  std::optional<std::int64_t> change_at;
};
OffStatus off_status(const OffTime& off, std::int64_t now);

// Hours off in a week as declared (nights times the days that are not off,
// plus the off days), for the site's maximum.
int declared_off_hours_per_week(const OffTime& off);

}  // namespace sp::server
