#include "server/cli/pace_clocks.hpp"

#include <algorithm>
#include <cmath>

namespace sp::cli {
namespace {

constexpr double kDayHours = 24;

double uniform(engine::Rng& rng) { return static_cast<double>(rng.below(1'000'000)) / 1e6; }

}  // namespace

Wait wait_for_seat(const SimClock& clock, SeatTime& seat, double asked, double answers) {
  Wait wait;
  if (!clock.deadline_hours && !clock.bank) {
    wait.moved_at = answers;
    return wait;
  }
  double allowed = clock.deadline_hours ? *clock.deadline_hours : seat.bank_hours;
  const double took = answers - asked;
  while (clock.floating && took > allowed && seat.vacation_days_left > 0) {
    allowed += kDayHours;
    --seat.vacation_days_left;
    ++wait.days_spent;
  }
  wait.timed_out = took > allowed;
  wait.moved_at = wait.timed_out ? asked + allowed : answers;
  if (clock.bank) {
    const double spent = wait.timed_out ? seat.bank_hours : took - kDayHours * wait.days_spent;
    seat.bank_hours = std::min(clock.bank->cap, std::max(0.0, seat.bank_hours - spent) + clock.bank->increment);
  }
  return wait;
}

Player::Player(PlayerHabits habits, std::uint64_t seed) : habits_(habits), rng_(seed) {
  away_from_ = away_until_ = -1;
  next_absence();
}

void Player::next_absence() {
  if (habits_.away_every_days <= 0) {
    away_from_ = away_until_ = HUGE_VAL;
    return;
  }
  const double gap = -std::log(1 - uniform(rng_)) * habits_.away_every_days * kDayHours;
  away_from_ = std::max(0.0, away_until_) + gap;
  const auto days = 1 + static_cast<int>(rng_.below(static_cast<std::uint64_t>(std::max(1, habits_.away_days))));
  away_until_ = away_from_ + days * kDayHours;
}

double Player::answers(double asked) {
  while (away_until_ <= asked) next_absence();
  const double delay = habits_.min_hours + uniform(rng_) * (habits_.max_hours - habits_.min_hours);
  // Away now, or leaving before answering: back at the absence's end, then as usual.
  if (asked >= away_from_ || asked + delay > away_from_) return away_until_ + delay;
  return asked + delay;
}

}  // namespace sp::cli
