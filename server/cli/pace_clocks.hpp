// The clocks `spb pace-sim --clocks` compares (issue 35; docs/correspondence.md
// "Which clock"): a move deadline, a time bank, each with or without floating
// vacation, against a player who answers after some hours and is now and then
// away for days. Pure arithmetic on hours since the game began.
#pragma once

#include <optional>
#include <string>

#include "engine/rng.hpp"

namespace sp::cli {

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
};

// What a seat has: its bank's hours, and its floating days left this year.
struct SeatTime {
  double bank_hours = 0;
  int vacation_days_left = 0;
};

struct Wait {
  double moved_at = 0;  // when the move was made, by the player or by the timeout
  bool timed_out = false;
  int days_spent = 0;   // floating vacation days spent during the wait
};

// The table asks `seat` at `asked`; its player would answer at `answers`.
// The clock gives the seat its time (a day more for each floating day spent
// where it would run out); past it the timeout moves. A bank pays the hours
// the wait took outside the days spent, and earns its increment after any
// move, the timeout's included, as the server's clocks do (seat_clocks.hpp).
Wait wait_for_seat(const SimClock& clock, SeatTime& seat, double asked, double answers);

// A player: back some hours after being asked (uniform between the two), and
// away for whole days now and then (each absence 1 to `away_days` days, the
// gaps between them exponential with a mean of `away_every_days`; 0: never away).
struct PlayerHabits {
  double min_hours = 1;
  double max_hours = 24;
  double away_every_days = 14;
  int away_days = 4;
};

class Player {
 public:
  Player(PlayerHabits habits, std::uint64_t seed);
  // When the player answers a question asked at `asked` (hours).
  double answers(double asked);

 private:
  void next_absence();
  PlayerHabits habits_;
  engine::Rng rng_;
  double away_from_ = 0;
  double away_until_ = 0;
};

}  // namespace sp::cli
