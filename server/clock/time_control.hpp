// Time controls (issue 35, docs/correspondence.md "Pace"): how much time a
// table gives its players. Plain values, no clock and no storage: the
// arithmetic is in seat_clocks.hpp.
#pragma once

#include <cstdint>
#include <variant>

namespace sp::server {

// Today's pace: each wait for a seat gets the same fixed time, counted from
// the moment the seat must act.
struct MoveDeadline {
  std::int64_t seconds = 0;
  friend bool operator==(const MoveDeadline&, const MoveDeadline&) = default;
};

// A Fischer time bank per seat: each seat starts with `initial` seconds, its
// clock runs only while the table waits for it, and every move the seat makes
// adds `increment`, but never beyond `cap`.
struct TimeBank {
  std::int64_t initial = 0;
  std::int64_t increment = 0;
  std::int64_t cap = 0;
  friend bool operator==(const TimeBank&, const TimeBank&) = default;
};

using TimeControl = std::variant<MoveDeadline, TimeBank>;

// The time a seat has before anything was played.
std::int64_t starting_time(const TimeControl& control);

}  // namespace sp::server
