#include "server/clock/seat_clocks.hpp"

#include <algorithm>
#include <utility>

namespace sp::server {

SeatClocks fresh_clocks(const TimeControl& control, int seats) {
  return SeatClocks{std::vector<std::int64_t>(static_cast<std::size_t>(std::max(seats, 0)), starting_time(control)),
                    std::nullopt, 0};
}

namespace {

const OffTime kNoOffTime;

const OffTime& off_time_of(const OffTimes& off, std::size_t seat) { return seat < off.size() ? off[seat] : kNoOffTime; }

}  // namespace

ClockReading read_clocks(const SeatClocks& clocks, std::int64_t now, const OffTimes& off) {
  ClockReading reading{clocks.left, std::nullopt};
  if (!clocks.running) return reading;
  const auto seat = static_cast<std::size_t>(*clocks.running);
  if (seat >= reading.left.size()) return reading;
  const OffTime& seat_off = off_time_of(off, seat);
  const std::int64_t used = counted_seconds(seat_off, clocks.since, now);
  reading.left[seat] = std::max<std::int64_t>(0, clocks.left[seat] - used);
  reading.runs_out_at = after_counted(seat_off, clocks.since, std::max<std::int64_t>(0, clocks.left[seat]));
  return reading;
}

SeatClocks pause(SeatClocks clocks, std::int64_t now, const OffTimes& off) {
  if (!clocks.running) return clocks;
  clocks.left = read_clocks(clocks, now, off).left;
  clocks.running.reset();
  clocks.since = 0;
  return clocks;
}

SeatClocks resume(SeatClocks clocks, int seat, std::int64_t now) {
  if (seat < 0 || static_cast<std::size_t>(seat) >= clocks.left.size()) return clocks;
  clocks.running = seat;
  clocks.since = now;
  return clocks;
}

SeatClocks start_wait(const TimeControl& control, SeatClocks clocks, int seat, std::int64_t now, const OffTimes& off) {
  clocks = pause(std::move(clocks), now, off);
  if (seat < 0 || static_cast<std::size_t>(seat) >= clocks.left.size()) return clocks;
  if (const auto* deadline = std::get_if<MoveDeadline>(&control)) clocks.left[static_cast<std::size_t>(seat)] = deadline->seconds;
  return resume(std::move(clocks), seat, now);
}

SeatClocks grant(SeatClocks clocks, int seat, std::int64_t seconds, std::int64_t now, const OffTimes& off) {
  clocks = pause(std::move(clocks), now, off);
  if (seat < 0 || static_cast<std::size_t>(seat) >= clocks.left.size()) return clocks;
  clocks.left[static_cast<std::size_t>(seat)] = seconds;
  return resume(std::move(clocks), seat, now);
}

SeatClocks after_move(const TimeControl& control, SeatClocks clocks, int seat, std::int64_t now, const OffTimes& off) {
  clocks = pause(std::move(clocks), now, off);
  if (seat < 0 || static_cast<std::size_t>(seat) >= clocks.left.size()) return clocks;
  if (const auto* bank = std::get_if<TimeBank>(&control)) {
    std::int64_t& left = clocks.left[static_cast<std::size_t>(seat)];
    left = std::min(bank->cap, left + bank->increment);
  }
  return clocks;
}

}  // namespace sp::server
