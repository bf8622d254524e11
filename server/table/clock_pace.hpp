// A game played under a clock by simulated players (server/clock/pace_clocks.hpp):
// the robot's moves for each player, the table's timeout move when a clock
// runs out, as the server plays them (seat_control.hpp). `spb pace-sim
// --compare clocks` runs it over many deals; a tournament projects its finish
// date from it (docs/tournaments.md "The finish date").
#pragma once

#include <cstdint>
#include <optional>

#include "engine/options.hpp"
#include "engine/setup.hpp"
#include "server/clock/pace_clocks.hpp"

namespace sp::server {

// The server's default yearly vacation allowance (--vacation-days), from which
// floating days are spent.
inline constexpr int kSimulatedVacationDays = 21;

struct ClockPace {
  double hours = 0;
  int timeouts = 0;
  int days_spent = 0;
  int seats_timed_out = 0;  // seats with at least one timeout
};

// Nothing when the game cannot be dealt or does not end.
std::optional<ClockPace> play_with_clock(const engine::GameSetup& setup, const SimClock& clock,
                                         const PlayerHabits& habits);

// How many hours a round of tables lasts under `clock`: the `quantile` (0 to
// 1) of the hours `games` games of `players` last, dealt from `seed` on; a
// round waits for its slowest table, so a high quantile. Nothing when a game
// cannot be dealt.
std::optional<double> round_hours(int players, const engine::TableOptions& options, const SimClock& clock,
                                  const PlayerHabits& habits, int games, std::uint64_t seed, double quantile);

}  // namespace sp::server
