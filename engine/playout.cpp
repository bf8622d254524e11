#include "engine/playout.hpp"

#include <algorithm>

#include "engine/invariant.hpp"
#include "engine/robot.hpp"
#include "engine/rules.hpp"

namespace sp::engine {
namespace {

// Points a sole win is worth on top of the lead.
constexpr double kWinBonus = 10.0;
// A playout longer than this is a bug; the robots end every game well before.
constexpr int kMaxPlayoutActions = 20000;

}  // namespace

void play_out(GameState& state, Rng& rng) {
  for (int n = 0; n < kMaxPlayoutActions && !state.is_finished(); ++n) {
    const Seat seat = state.current;
    const auto applied = apply_in_place(state, seat, choose_robot_action(state, seat, rng), nullptr);
    SP_ASSERT(applied.has_value());
  }
  SP_ASSERT(state.is_finished());
}

double playout_result(const GameState& finished, Seat seat) {
  SP_ASSERT(finished.is_finished());
  const int mine = finished.final_scores[seat.value].total;
  int best_other = -1000000;
  int winners = 0;
  for (int s = 0; s < finished.player_count; ++s) {
    winners += finished.final_scores[s].place == 1 ? 1 : 0;
    if (s != seat.value) best_other = std::max(best_other, finished.final_scores[s].total);
  }
  const bool first = finished.final_scores[seat.value].place == 1;
  return (mine - best_other) + (first ? kWinBonus / winners : 0.0);
}

}  // namespace sp::engine
