// Floating vacation (issue 35, docs/correspondence.md "Floating vacation"):
// a player may let their yearly vacation allowance be spent a day at a time,
// only when their clock would otherwise run out. The day is an ordinary
// vacation (vacation_allowance.hpp), marked floating: it stops the player's
// clocks at every table for 24 hours and counts against this year's days.
//
// Runs in the store job of the table whose clock ran out, so the day and the
// clock's pause are written together or not at all. It holds the user's row
// first: on several nodes, two tables of one player running out at once
// spend one day, not two (the second finds the player away).
#pragma once

#include <cstdint>
#include <optional>

#include "server/store/correspondence_rows.hpp"
#include "server/store/records.hpp"

namespace sp::server {

struct FloatingDay {
  enum class Outcome : std::uint8_t {
    kSpent,        // a day was spent: `vacation` holds it
    kAlreadyAway,  // the player is on vacation already (a day spent at another table): the clock stops, nothing spent
    kNotSpent,     // the player did not ask for it, or this year's days are all spent: the timeout comes
  };
  Outcome outcome = Outcome::kNotSpent;
  std::optional<VacationRecord> vacation;
  int days_left = 0;  // of this year's allowance, after the day
};

// `user`'s clock ran out at `now`: spends a day of their allowance
// (`days_per_year`) if they asked for floating vacation and have one left.
FloatingDay spend_floating_day(Records& db, std::int64_t user, std::int64_t now, int days_per_year);

}  // namespace sp::server
