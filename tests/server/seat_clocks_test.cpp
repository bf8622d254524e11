// Seat clocks (server/clock/seat_clocks.hpp): the arithmetic of move
// deadlines and time banks, without a table, a store or a clock.
#include <doctest/doctest.h>

#include "server/clock/seat_clocks.hpp"

namespace {

using namespace sp::server;

constexpr std::int64_t kStart = 1'800'000'000;
constexpr std::int64_t kHour = 3600;

const TimeControl kBank = TimeBank{72 * kHour, 24 * kHour, 120 * kHour};
const TimeControl kDaily = MoveDeadline{24 * kHour};

}  // namespace

TEST_CASE("every seat starts with the control's starting time and no clock running") {
  const SeatClocks bank = fresh_clocks(kBank, 3);
  CHECK(bank.left == std::vector<std::int64_t>{72 * kHour, 72 * kHour, 72 * kHour});
  CHECK_FALSE(bank.running);
  CHECK(fresh_clocks(kDaily, 2).left == std::vector<std::int64_t>{24 * kHour, 24 * kHour});
  CHECK_FALSE(read_clocks(bank, kStart).runs_out_at);
}

TEST_CASE("only the seat waited for has its time run down, and it runs out when its time left is spent") {
  const SeatClocks clocks = start_wait(kBank, fresh_clocks(kBank, 3), 1, kStart);
  const ClockReading reading = read_clocks(clocks, kStart + 10 * kHour);
  CHECK(reading.left == std::vector<std::int64_t>{72 * kHour, 62 * kHour, 72 * kHour});
  CHECK(reading.runs_out_at == kStart + 72 * kHour);
}

TEST_CASE("a time left is never read below zero") {
  const SeatClocks clocks = start_wait(kBank, fresh_clocks(kBank, 2), 0, kStart);
  CHECK(read_clocks(clocks, kStart + 500 * kHour).left[0] == 0);
}

TEST_CASE("a bank keeps the time not used and earns its increment with each move") {
  SeatClocks clocks = start_wait(kBank, fresh_clocks(kBank, 2), 0, kStart);
  clocks = after_move(kBank, clocks, 0, kStart + 30 * kHour);
  CHECK(clocks.left[0] == (72 - 30 + 24) * kHour);
  CHECK_FALSE(clocks.running);
  clocks = start_wait(kBank, clocks, 0, kStart + 40 * kHour);
  CHECK(read_clocks(clocks, kStart + 40 * kHour).runs_out_at == kStart + (40 + 66) * kHour);
}

TEST_CASE("the increment never fills a bank beyond its cap") {
  SeatClocks clocks = start_wait(kBank, fresh_clocks(kBank, 2), 0, kStart);
  clocks = after_move(kBank, clocks, 0, kStart + kHour);  // 71 + 24 = 95
  clocks = start_wait(kBank, clocks, 0, kStart + 2 * kHour);
  clocks = after_move(kBank, clocks, 0, kStart + 2 * kHour);  // 95 + 24 = 119
  clocks = start_wait(kBank, clocks, 0, kStart + 3 * kHour);
  clocks = after_move(kBank, clocks, 0, kStart + 3 * kHour);  // 143, capped at 120
  CHECK(clocks.left[0] == 120 * kHour);
}

TEST_CASE("a seat that ran out of time gets only the increment for its next move") {
  SeatClocks clocks = start_wait(kBank, fresh_clocks(kBank, 2), 0, kStart);
  clocks = after_move(kBank, clocks, 0, kStart + 80 * kHour);
  CHECK(clocks.left[0] == 24 * kHour);
}

TEST_CASE("a move deadline gives every wait its full time, whatever the previous one used") {
  SeatClocks clocks = start_wait(kDaily, fresh_clocks(kDaily, 2), 0, kStart);
  clocks = after_move(kDaily, clocks, 0, kStart + 20 * kHour);
  CHECK(clocks.left[0] == 4 * kHour);
  clocks = start_wait(kDaily, clocks, 0, kStart + 30 * kHour);
  CHECK(read_clocks(clocks, kStart + 30 * kHour).runs_out_at == kStart + 54 * kHour);
}

TEST_CASE("a paused clock keeps its time left and runs on from it when resumed") {
  for (const TimeControl& control : {kBank, kDaily}) {
    SeatClocks clocks = start_wait(control, fresh_clocks(control, 2), 1, kStart);
    const std::int64_t full = clocks.left[1];
    clocks = pause(clocks, kStart + 5 * kHour);
    CHECK_FALSE(clocks.running);
    CHECK(clocks.left[1] == full - 5 * kHour);
    CHECK_FALSE(read_clocks(clocks, kStart + 200 * kHour).runs_out_at);
    clocks = resume(clocks, 1, kStart + 100 * kHour);
    CHECK(read_clocks(clocks, kStart + 100 * kHour).runs_out_at == kStart + 100 * kHour + full - 5 * kHour);
  }
}

TEST_CASE("the clock of a seat the table stops waiting for without a move keeps what it used") {
  // Its seat was taken over by a robot mid-wait: the robot's moves cost it nothing.
  SeatClocks clocks = start_wait(kBank, fresh_clocks(kBank, 2), 1, kStart);
  clocks = pause(clocks, kStart + 2 * kHour);
  clocks = start_wait(kBank, clocks, 1, kStart + 50 * kHour);
  CHECK(read_clocks(clocks, kStart + 50 * kHour).left[1] == 70 * kHour);
}

TEST_CASE("a seat's clock does not run through its player's nights, and runs out that much later") {
  // 2027-03-27 12:00 CET, Paris: the night of the spring change lasts 8 real hours.
  constexpr std::int64_t kParisSaturdayNoon = 1806145200;
  OffTime night;
  night.time_zone = "Europe/Paris";
  night.nights = OffTime::Nights{22, 7};
  const OffTimes off{OffTime{}, night};
  SeatClocks clocks = start_wait(kBank, fresh_clocks(kBank, 2), 1, kParisSaturdayNoon, off);
  // 24 real hours later only 16 counted.
  CHECK(read_clocks(clocks, kParisSaturdayNoon + 24 * kHour, off).left[1] == (72 - 16) * kHour);
  // 72 hours to count (10 + 15 + 15 + 15 + 15 + 2): five nights on the way,
  // the first of them 8 real hours, the others 9.
  CHECK(read_clocks(clocks, kParisSaturdayNoon, off).runs_out_at == kParisSaturdayNoon + (72 + 8 + 4 * 9) * kHour);
  clocks = after_move(kBank, clocks, 1, kParisSaturdayNoon + 24 * kHour, off);
  CHECK(clocks.left[1] == (72 - 16 + 24) * kHour);
  // The other seat's clock, with no off time, counts every second.
  clocks = start_wait(kBank, clocks, 0, kParisSaturdayNoon + 24 * kHour, off);
  CHECK(read_clocks(clocks, kParisSaturdayNoon + 48 * kHour, off).left[0] == 48 * kHour);
}

TEST_CASE("a grant gives the seat its time whatever it had left, and its clock runs from then") {
  SeatClocks clocks = start_wait(kBank, fresh_clocks(kBank, 2), 1, kStart);
  clocks = grant(clocks, 1, 36 * kHour, kStart + 80 * kHour);
  CHECK(clocks.running == 1);
  const ClockReading reading = read_clocks(clocks, kStart + 80 * kHour);
  CHECK(reading.left[1] == 36 * kHour);
  CHECK(reading.runs_out_at == kStart + 116 * kHour);
}
