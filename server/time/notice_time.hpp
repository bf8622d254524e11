// Local time for notices: a player's digest hour and quiet hours are hours of
// their own time zone (an IANA name such as "Europe/Paris"), daylight saving
// included. libstdc++ 12 has no C++20 time zone database (std::chrono::
// locate_zone arrives with GCC 13), so this uses Howard Hinnant's date/tz
// library, the reference implementation of that C++20 part, over the
// system's tzdata (Debian libhowardhinnant-date-dev, built with USE_OS_TZDB).
//
// Thread-safety: every function is safe from any thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/store/mail_rows.hpp"

namespace sp::server {

bool known_time_zone(const std::string& name);

// The first moment after `now` (unix seconds) when the clock on the wall of
// `zone` shows `hour`:00. A zone the server does not know counts as UTC.
std::int64_t next_local_hour(const std::string& zone, int hour, std::int64_t now);

// When the player's quiet hours end, if `now` falls in them; nothing otherwise.
// Quiet hours from 22 until 7 run over midnight; from == until means none.
std::optional<std::int64_t> quiet_hours_end(const NoticeSettingsRecord& settings, std::int64_t now);

// The local date of `now` in the player's zone, "2026-11-24", for digest keys.
std::string local_date(const std::string& zone, std::int64_t now);

}  // namespace sp::server
