// Off time (server/clock/off_time.hpp): a seat's clock stands still through
// its player's nights and off days, in the player's own time zone, on both
// sides of a daylight-saving change. The instants are written out in UTC
// (computed independently, with Python's zoneinfo).
#include <doctest/doctest.h>

#include "server/clock/off_time.hpp"

namespace {

using namespace sp::server;

constexpr std::int64_t kHour = 3600;

OffTime nights(const char* zone, int from, int until) {
  OffTime off;
  off.time_zone = zone;
  off.nights = OffTime::Nights{from, until};
  return off;
}

OffTime weekends(const char* zone) {
  OffTime off;
  off.time_zone = zone;
  off.off_days[0] = true;  // Sunday
  off.off_days[6] = true;  // Saturday
  return off;
}

// Local noons, as unix seconds.
constexpr std::int64_t kParisSat20March = 1805540400;   // 2027-03-20 12:00 CET
constexpr std::int64_t kParisSun21March = 1805626800;
constexpr std::int64_t kParisSat27March = 1806145200;   // the night before summer time
constexpr std::int64_t kParisSun28March = 1806228000;   // 12:00 CEST
constexpr std::int64_t kParisSat30October = 1824890400;  // the night before winter time
constexpr std::int64_t kParisSun31October = 1824980400;
constexpr std::int64_t kNewYorkSat13March = 1804957200;  // the night before daylight time
constexpr std::int64_t kNewYorkSun14March = 1805040000;
constexpr std::int64_t kNewYorkFri12March = 1804870800;
constexpr std::int64_t kNewYorkMon15March = 1805126400;
constexpr std::int64_t kNewYorkFri5November = 1825430400;
constexpr std::int64_t kNewYorkMon8November = 1825693200;

}  // namespace

TEST_CASE("a night stops the clock for the hours its player's wall clock shows, before and across the spring change") {
  const OffTime off = nights("Europe/Paris", 22, 7);
  CHECK(counted_seconds(off, kParisSat20March, kParisSun21March) == 15 * kHour);
  // 22:00 to 07:00 across the change is 8 real hours, in a day of 23.
  CHECK(kParisSun28March - kParisSat27March == 23 * kHour);
  CHECK(counted_seconds(off, kParisSat27March, kParisSun28March) == 15 * kHour);
}

TEST_CASE("a night across the autumn change is its wall clock's hours too") {
  const OffTime off = nights("Europe/Paris", 22, 7);
  CHECK(kParisSun31October - kParisSat30October == 25 * kHour);
  CHECK(counted_seconds(off, kParisSat30October, kParisSun31October) == 15 * kHour);
}

TEST_CASE("a night in another zone follows that zone's change, not Europe's") {
  const OffTime off = nights("America/New_York", 23, 6);
  CHECK(counted_seconds(off, kNewYorkSat13March, kNewYorkSun14March) == 17 * kHour);
  // The same 23 real hours in Paris, where that night has no change, lose a
  // whole 7-hour night.
  CHECK(counted_seconds(nights("Europe/Paris", 23, 6), kNewYorkSat13March, kNewYorkSun14March) == 16 * kHour);
}

TEST_CASE("a clock that runs out in an off weekend runs out as much later as the weekend lasts, across the change") {
  const OffTime off = weekends("America/New_York");
  // Friday noon with a day left: 12 hours on Friday, the weekend (49 real
  // hours, the autumn change inside), then 12 hours on Monday.
  CHECK(after_counted(off, kNewYorkFri5November, 24 * kHour) == kNewYorkMon8November);
  // In spring the weekend has 47 real hours.
  CHECK(after_counted(off, kNewYorkFri12March, 24 * kHour) == kNewYorkMon15March);
}

TEST_CASE("a clock started in the night first counts at the night's end") {
  const OffTime off = nights("Europe/Paris", 22, 7);
  constexpr std::int64_t kOneAtNight = 1806192000;  // 2027-03-28 01:00 CET, the night of the change
  constexpr std::int64_t kEightInTheMorning = 1806213600;  // 08:00 CEST
  CHECK(after_counted(off, kOneAtNight, kHour) == kEightInTheMorning);
  CHECK(counted_seconds(off, kOneAtNight, kEightInTheMorning) == kHour);
}

TEST_CASE("what is counted until a clock runs out is exactly its time left") {
  const OffTime off = nights("Europe/Paris", 22, 7);
  OffTime both = weekends("Europe/Paris");
  both.nights = OffTime::Nights{23, 8};
  for (const OffTime& o : {off, both}) {
    for (std::int64_t left : {kHour, 7 * kHour, 30 * kHour, 200 * kHour}) {
      const auto at = after_counted(o, kParisSat27March, left);
      REQUIRE(at);
      CHECK(counted_seconds(o, kParisSat27March, *at) == left);
    }
  }
}

TEST_CASE("without off time every second counts") {
  const OffTime off;
  CHECK(off.none());
  CHECK(counted_seconds(off, kParisSat27March, kParisSun28March) == 23 * kHour);
  CHECK(after_counted(off, kParisSat27March, 5 * kHour) == kParisSat27March + 5 * kHour);
}

TEST_CASE("a week all off leaves no time to count, and the declared hours say so") {
  OffTime off = weekends("Europe/Paris");
  off.nights = OffTime::Nights{22, 7};
  CHECK(declared_off_hours_per_week(off) == 2 * 24 + 5 * 9);
  off.off_days.fill(true);
  CHECK(declared_off_hours_per_week(off) == 7 * 24);
  CHECK_FALSE(after_counted(off, kParisSat27March, kHour));
}

TEST_CASE("a player's off time says whether it is on now and when that changes, across the spring change") {
  const OffTime off = nights("Europe/Paris", 22, 7);
  const OffStatus noon = off_status(off, kParisSat27March);
  CHECK_FALSE(noon.off);
  CHECK(noon.change_at == kParisSat27March + 10 * kHour);  // 22:00 CET
  // 23:00 CET: the night, which ends at 07:00 CEST, 8 real hours after it began.
  const OffStatus night = off_status(off, kParisSat27March + 11 * kHour);
  CHECK(night.off);
  CHECK(night.change_at == kParisSat27March + 18 * kHour);
  // A weekend ends at Monday's local midnight.
  const OffStatus weekend = off_status(weekends("Europe/Paris"), kParisSun28March);
  CHECK(weekend.off);
  CHECK(weekend.change_at == kParisSun28March + 12 * kHour);
  CHECK_FALSE(off_status(OffTime{}, kParisSun28March).off);
  CHECK_FALSE(off_status(OffTime{}, kParisSun28March).change_at);
}
