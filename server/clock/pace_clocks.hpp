// The clocks `spb pace-sim --clocks` compares (issue 35; docs/correspondence.md
// "Which clock"): a move deadline, a time bank, each with or without floating
// vacation or the players' nights off, against a player who answers after
// some hours, sleeps at night in their own time zone, and is now and then away
// for days. Pure arithmetic on hours since the game began.
#pragma once

#include <optional>
#include <string>

#include "engine/rng.hpp"

namespace sp::server {

struct BankHours {
  double initial = 0;
  double increment = 0;
  double cap = 0;
};

struct SimClock {
  std::string name;
  std::optional<double> deadline_hours;  // each move's; none (and no bank): the table waits for ever
  std::optional<BankHours> bank;         // in place of a deadline
  bool floating = false;                 // a vacation day spent where the time would run out
  bool nights_off = false;               // a seat's clock stands still through its player's nights
};

// A player's night: from `start` (an hour of the day, 0 to 24, in the game's
// hours) for `hours` hours, every day.
struct Night {
  double start = 0;
  double hours = 0;
};

// The hours of [from, to) that fall in the night.
double night_hours_between(const Night& night, double from, double to);
// The moment `awake` hours outside the night have passed since `from`.
double after_awake_hours(const Night& night, double from, double awake);

// What a seat has: its bank's hours, its floating days left this year, and
// its player's night.
struct SeatTime {
  double bank_hours = 0;
  int vacation_days_left = 0;
  Night night;
};

struct Wait {
  double moved_at = 0;  // when the move was made, by the player or by the timeout
  bool timed_out = false;
  int days_spent = 0;   // floating vacation days spent during the wait
};

// The table asks `seat` at `asked`; its player would answer at `answers`.
// The clock gives the seat its time, counted outside the player's nights on a
// clock with nights off (a day more for each floating day spent where it
// would run out); past it the timeout moves. A bank pays the hours
// the wait took outside the days spent, and earns its increment after any
// move, the timeout's included, as the server's clocks do (seat_clocks.hpp).
Wait wait_for_seat(const SimClock& clock, SeatTime& seat, double asked, double answers);

// A player: back some hours after being asked (uniform between the two),
// away for whole days now and then (each absence 1 to `away_days` days, the
// gaps between them exponential with a mean of `away_every_days`; 0: never
// away), and asleep `night_hours` a day (0: never), when they answer nothing.
struct PlayerHabits {
  double min_hours = 1;
  double max_hours = 24;
  double away_every_days = 14;
  int away_days = 4;
  double night_hours = 0;
};

class Player {
 public:
  // `night_start`: the hour of the game's day the player's night begins (their time zone).
  Player(PlayerHabits habits, std::uint64_t seed, double night_start = 0);
  Night night() const { return Night{night_start_, habits_.night_hours}; }
  // When the player answers a question asked at `asked` (hours).
  double answers(double asked);

 private:
  void next_absence();
  PlayerHabits habits_;
  double night_start_ = 0;
  engine::Rng rng_;
  double away_from_ = 0;
  double away_until_ = 0;
};

}  // namespace sp::server
