#include "server/table/clock_pace.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/legal_actions.hpp"
#include "engine/rules.hpp"
#include "server/table/seat_control.hpp"

namespace sp::server {

std::optional<ClockPace> play_with_clock(const engine::GameSetup& setup, const SimClock& clock,
                                         const PlayerHabits& habits) {
  auto state = engine::new_game(setup);
  if (!state) return std::nullopt;
  std::vector<Player> players;
  std::vector<SeatTime> seats;
  std::vector<bool> timed_out;
  for (int s = 0; s < setup.player_count; ++s) {
    // Nights from 23:00 in time zones spread evenly around the day: the
    // players of a table are in each other's nights as often as they can be.
    const double night_start = std::fmod(23.0 + 24.0 * s / setup.player_count, 24.0);
    players.emplace_back(habits, setup.seed * 31 + static_cast<std::uint64_t>(s) + 0x9E3779B97F4A7C15ull, night_start);
    seats.push_back(SeatTime{clock.bank ? clock.bank->initial : 0, kSimulatedVacationDays, players.back().night()});
    timed_out.push_back(false);
  }
  ClockPace pace;
  std::int64_t move_number = 0;
  while (!state->is_finished()) {
    const auto to_act = engine::seats_to_act(*state);
    if (to_act.empty() || ++move_number > 100000) return std::nullopt;
    const engine::Seat seat = to_act.front();
    const double asked = pace.hours;
    const Wait wait = wait_for_seat(clock, seats[seat.value], asked, players[seat.value].answers(asked));
    pace.hours = wait.moved_at;
    pace.days_spent += wait.days_spent;
    if (wait.timed_out) {
      ++pace.timeouts;
      timed_out[seat.value] = true;
    }
    const engine::Action action = wait.timed_out ? absent_action(*state, seat)
                                                 : robot_action(*state, seat, engine::RobotLevel::kWorth,
                                                                        setup.seed, move_number);
    auto next = engine::apply(*state, seat, action);
    if (!next) return std::nullopt;
    *state = std::move(next->state);
  }
  pace.seats_timed_out = static_cast<int>(std::count(timed_out.begin(), timed_out.end(), true));
  return pace;
}

std::optional<double> round_hours(int players, const engine::TableOptions& options, const SimClock& clock,
                                  const PlayerHabits& habits, int games, std::uint64_t seed, double quantile) {
  std::vector<double> hours;
  for (int game = 0; game < games; ++game) {
    engine::GameSetup setup;
    setup.player_count = players;
    setup.options = options;
    setup.seed = seed + static_cast<std::uint64_t>(game);
    const auto pace = play_with_clock(setup, clock, habits);
    if (!pace) return std::nullopt;
    hours.push_back(pace->hours);
  }
  if (hours.empty()) return std::nullopt;
  std::sort(hours.begin(), hours.end());
  const auto at = static_cast<std::size_t>(std::lround(quantile * static_cast<double>(hours.size() - 1)));
  return hours[std::min(at, hours.size() - 1)];
}

}  // namespace sp::server
