// Seat clocks: the one place that says how much time each seat of a table has
// left and when the seat the table waits for runs out (issue 35, "one
// deadline path"). Pure arithmetic on unix seconds: the table stores the
// compact state below with each change, in the change's transaction, and the
// deadline it schedules, warns before and times out at is read_clocks'
// `runs_out_at`.
//
// The state is exact from the move log's times: a seat's time left changes
// only when its clock stops (a move, a pause) and runs from one moment on.
// A running clock counts only the time outside its player's off time
// (off_time.hpp): `off` holds each seat's, by seat (none: every second counts).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "server/clock/off_time.hpp"
#include "server/clock/time_control.hpp"

namespace sp::server {

struct SeatClocks {
  // Each seat's time left (seconds) when its clock last stopped, or, for the
  // seat whose clock runs, when it started.
  std::vector<std::int64_t> left;
  // The seat whose clock runs, from `since`; none: no clock runs (nobody
  // human is waited for, or the player waited for is on vacation).
  std::optional<int> running;
  std::int64_t since = 0;
  friend bool operator==(const SeatClocks&, const SeatClocks&) = default;
};

using OffTimes = std::vector<OffTime>;

struct ClockReading {
  std::vector<std::int64_t> left;         // each seat's time left at `now`, never below 0
  std::optional<std::int64_t> runs_out_at;  // when the running seat's time is out
};

// Every seat with its starting time, no clock running.
SeatClocks fresh_clocks(const TimeControl& control, int seats);

// How the clocks stand at `now`.
ClockReading read_clocks(const SeatClocks& clocks, std::int64_t now, const OffTimes& off = {});

// The table begins to wait for `seat` at `now`: its clock runs. A move
// deadline gives every wait its full time; a bank goes on from what is left.
SeatClocks start_wait(const TimeControl& control, SeatClocks clocks, int seat, std::int64_t now,
                      const OffTimes& off = {});

// The running clock stops at `now` (a vacation begins), keeping what is left.
SeatClocks pause(SeatClocks clocks, std::int64_t now, const OffTimes& off = {});

// The paused `seat`'s clock runs again from `now` with the time it kept.
SeatClocks resume(SeatClocks clocks, int seat, std::int64_t now);

// The table gives `seat` `seconds` from `now`, whatever it had left, and its
// clock runs (the players' time to decide about it, or their decision to wait).
SeatClocks grant(SeatClocks clocks, int seat, std::int64_t seconds, std::int64_t now, const OffTimes& off = {});

// `seat` made a move at `now` (its player's, a standing order's, or the
// timeout's): its clock stops and a bank earns its increment, up to the cap.
SeatClocks after_move(const TimeControl& control, SeatClocks clocks, int seat, std::int64_t now,
                      const OffTimes& off = {});

}  // namespace sp::server
