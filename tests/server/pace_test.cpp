// The Table's pace (server/table/pace.hpp): its alarms in the scheduler, on a
// manual clock, and the one automatic move posted at a time.
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>

#include <vector>

#include "server/base/clock.hpp"
#include "server/time/scheduler.hpp"
#include "server/table/pace.hpp"

namespace {

using namespace sp::server;

constexpr std::int64_t kStart = 1'800'000'000;  // 2027-01-15
constexpr std::int64_t kTable = 7;
constexpr std::int64_t kHour = 3600;

// The scheduler's entries are read, never fired: no thread runs the loop.
struct Fixture {
  ManualClock clock{kStart};
  boost::asio::io_context ioc;
  Scheduler scheduler{ioc.get_executor(), clock};
  ~Fixture() { scheduler.stop(); }
};

Pace::Alarms recorded(std::vector<std::int64_t>& deadlines, std::vector<DeadlineWarning>& warnings) {
  return {[&deadlines](std::int64_t at) { deadlines.push_back(at); },
          [&warnings](std::int64_t, DeadlineWarning warning) { warnings.push_back(warning); }};
}

}  // namespace

TEST_CASE("a table waiting for a deadline has an alarm at it and at the first warning before it") {
  Fixture f;
  Pace pace(kTable, f.scheduler, {24, 1});
  std::vector<std::int64_t> deadlines;
  std::vector<DeadlineWarning> warnings;
  const std::int64_t deadline = kStart + 48 * kHour;
  pace.wait_for(deadline, kStart, kStart, recorded(deadlines, warnings));
  CHECK(f.scheduler.size() == 2);
  CHECK(f.scheduler.next_at() == deadline - 24 * kHour);
}

TEST_CASE("a warning handled is not given again: the next alarm is the next warning") {
  Fixture f;
  Pace pace(kTable, f.scheduler, {24, 1});
  std::vector<std::int64_t> deadlines;
  std::vector<DeadlineWarning> warnings;
  const std::int64_t deadline = kStart + 48 * kHour;
  pace.wait_for(deadline, kStart, kStart, recorded(deadlines, warnings));
  f.clock.advance(24 * kHour);
  pace.warning_handled(deadline - 24 * kHour);
  pace.next_warning(deadline, f.clock.now(), recorded(deadlines, warnings));
  CHECK(f.scheduler.size() == 2);
  CHECK(f.scheduler.next_at() == deadline - kHour);
  // Once the last warning is handled, only the deadline itself is left.
  pace.warning_handled(deadline - kHour);
  pace.next_warning(deadline, f.clock.now(), recorded(deadlines, warnings));
  CHECK(f.scheduler.size() == 1);
  CHECK(f.scheduler.next_at() == deadline);
}

TEST_CASE("a wait is warned only with the leads shorter than itself") {
  // A time bank's seat with 12 hours left: the 24-hour warning would come
  // before the wait began.
  Fixture f;
  Pace pace(kTable, f.scheduler, {24, 1});
  std::vector<std::int64_t> deadlines;
  std::vector<DeadlineWarning> warnings;
  pace.wait_for(kStart + 12 * kHour, kStart, kStart, recorded(deadlines, warnings));
  CHECK(f.scheduler.size() == 2);
  CHECK(f.scheduler.next_at() == kStart + 11 * kHour);
}

TEST_CASE("a server without warnings has only the deadline's alarm") {
  Fixture f;
  Pace pace(kTable, f.scheduler, {});
  std::vector<std::int64_t> deadlines;
  std::vector<DeadlineWarning> warnings;
  pace.wait_for(kStart + kHour, kStart, kStart, recorded(deadlines, warnings));
  CHECK(f.scheduler.size() == 1);
  CHECK(f.scheduler.next_at() == kStart + kHour);
}

TEST_CASE("a table that waits for nothing, or stops, has no alarm left") {
  Fixture f;
  Pace pace(kTable, f.scheduler, {24, 1});
  std::vector<std::int64_t> deadlines;
  std::vector<DeadlineWarning> warnings;
  pace.wait_for(kStart + 48 * kHour, kStart, kStart, recorded(deadlines, warnings));
  pace.wait_for(std::nullopt, kStart, kStart, recorded(deadlines, warnings));
  CHECK(f.scheduler.size() == 0);
  pace.wait_for(kStart + 48 * kHour, kStart, kStart, recorded(deadlines, warnings));
  pace.stop();
  CHECK(f.scheduler.size() == 0);
}

TEST_CASE("one automatic move is posted at a time") {
  Fixture f;
  Pace pace(kTable, f.scheduler, {});
  CHECK(pace.post_automatic());
  CHECK_FALSE(pace.post_automatic());
  pace.automatic_running();
  CHECK(pace.post_automatic());
}
