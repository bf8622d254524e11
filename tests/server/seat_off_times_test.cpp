// A player's stored off time (server/table/seat_off_times.hpp) as the clocks
// read it: weekday bits from Sunday, nights only with both hours.
#include <doctest/doctest.h>

#include "server/table/seat_off_times.hpp"

namespace {

using namespace sp::server;

TEST_CASE("stored off days and nights become the clock's off time in the player's zone") {
  NoticeSettingsRecord settings;
  settings.time_zone = "America/New_York";
  settings.off_days = (1 << 0) | (1 << 6);
  settings.off_night_from = 23;
  settings.off_night_until = 7;
  const OffTime off = off_time_of(settings);
  CHECK(off.time_zone == "America/New_York");
  CHECK(off.off_days == std::array<bool, 7>{true, false, false, false, false, false, true});
  REQUIRE(off.nights);
  CHECK((off.nights->from == 23 && off.nights->until == 7));
  CHECK(declared_off_hours_per_week(off) == 2 * 24 + 5 * 8);
}

TEST_CASE("a night with one hour stored only is none") {
  NoticeSettingsRecord settings;
  settings.off_night_from = 23;
  const OffTime off = off_time_of(settings);
  CHECK_FALSE(off.nights);
  CHECK(off.none());
}

}  // namespace
