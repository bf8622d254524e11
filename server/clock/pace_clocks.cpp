#include "server/clock/pace_clocks.hpp"

#include <algorithm>
#include <cmath>

namespace sp::server {
namespace {

constexpr double kDayHours = 24;

double uniform(engine::Rng& rng) { return static_cast<double>(rng.below(1'000'000)) / 1e6; }

// Where `at` falls in its day of the night's cycle: hours since the last night began.
double since_night_began(const Night& night, double at) {
  const double since = std::fmod(at - night.start, kDayHours);
  return since < 0 ? since + kDayHours : since;
}

}  // namespace

double night_hours_between(const Night& night, double from, double to) {
  if (night.hours <= 0 || to <= from) return 0;
  // Whole days first, then the rest from `from`'s place in the cycle.
  const double days = std::floor((to - from) / kDayHours);
  double asleep = days * night.hours;
  const double rest = (to - from) - days * kDayHours;
  const double since = since_night_began(night, from);
  // The part of [since, since + rest) within [0, hours) or [24, 24 + hours).
  for (const double begins : {0.0, kDayHours}) {
    asleep += std::max(0.0, std::min(since + rest, begins + night.hours) - std::max(since, begins));
  }
  return asleep;
}

double after_awake_hours(const Night& night, double from, double awake) {
  if (night.hours <= 0) return from + awake;
  const double per_day = kDayHours - night.hours;
  double at = from;
  // Out of the night first; then whole days, then the hours left of the last one.
  const double since = since_night_began(night, at);
  if (since < night.hours) at += night.hours - since;
  const double days = std::floor(awake / per_day);
  at += days * kDayHours;
  double left = awake - days * per_day;
  const double until_night = kDayHours - since_night_began(night, at);
  if (left > until_night) left += night.hours;
  return at + left;
}

Wait wait_for_seat(const SimClock& clock, SeatTime& seat, double asked, double answers) {
  Wait wait;
  if (!clock.deadline_hours && !clock.bank) {
    wait.moved_at = answers;
    return wait;
  }
  const Night off = clock.nights_off ? seat.night : Night{};
  const double allowed = clock.deadline_hours ? *clock.deadline_hours : seat.bank_hours;
  double deadline = after_awake_hours(off, asked, allowed);
  while (clock.floating && answers > deadline && seat.vacation_days_left > 0) {
    deadline += kDayHours;
    --seat.vacation_days_left;
    ++wait.days_spent;
  }
  wait.timed_out = answers > deadline;
  wait.moved_at = wait.timed_out ? deadline : answers;
  if (clock.bank) {
    // A floating day stops the clock for a whole day, its night included.
    const double counted_day = kDayHours - off.hours;
    const double counted = (wait.moved_at - asked) - night_hours_between(off, asked, wait.moved_at);
    const double spent = wait.timed_out ? seat.bank_hours : counted - counted_day * wait.days_spent;
    seat.bank_hours = std::min(clock.bank->cap, std::max(0.0, seat.bank_hours - spent) + clock.bank->increment);
  }
  return wait;
}

Player::Player(PlayerHabits habits, std::uint64_t seed, double night_start)
    : habits_(habits), night_start_(night_start), rng_(seed) {
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
  const double at = asked >= away_from_ || asked + delay > away_from_ ? away_until_ + delay : asked + delay;
  // Asleep then: the answer comes when the night ends.
  const Night sleep = night();
  if (sleep.hours <= 0) return at;
  const double since = since_night_began(sleep, at);
  return since < sleep.hours ? at + (sleep.hours - since) : at;
}

}  // namespace sp::server
