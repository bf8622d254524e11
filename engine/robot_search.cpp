#include "engine/robot_search.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

#include "engine/hidden_deal.hpp"
#include "engine/invariant.hpp"
#include "engine/legal_actions.hpp"
#include "engine/robot.hpp"
#include "engine/rules.hpp"

namespace sp::engine {
namespace {

// Points a sole win is worth on top of the lead: winning is the aim, the lead
// tells apart the many playouts that end alike.
constexpr double kWinBonus = 10.0;
// A playout longer than this is a bug; the robots end every game well before.
constexpr int kMaxPlayoutActions = 20000;

// The seat's result at the end of a played-out game.
double result_for(const GameState& finished, Seat seat) {
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

// Plays `state` to its end with today's robot at every seat.
void play_out(GameState& state, Rng& rng) {
  for (int n = 0; n < kMaxPlayoutActions && !state.is_finished(); ++n) {
    const Seat seat = state.current;
    const auto applied = apply_in_place(state, seat, choose_robot_action(state, seat, rng), nullptr);
    SP_ASSERT(applied.has_value());
  }
  SP_ASSERT(state.is_finished());
}

// The legal actions worth trying, best worth first: the `count` best, and the
// best pass among them whatever its worth (waiting is often the move).
std::vector<Action> candidates(const GameState& state, Seat seat, int count) {
  const std::vector<LegalAction> actions = legal_actions(state, seat);
  SP_ASSERT(!actions.empty());
  const std::vector<double> worths = robot_worths(state, seat, actions);
  std::vector<std::size_t> order(actions.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return worths[a] > worths[b]; });
  std::vector<Action> kept;
  bool pass_kept = false;
  for (std::size_t i : order) {
    const bool pass = std::holds_alternative<Pass>(actions[i].action);
    if (static_cast<int>(kept.size()) >= count && (pass_kept || !pass)) continue;
    kept.push_back(actions[i].action);
    pass_kept = pass_kept || pass;
  }
  return kept;
}

}  // namespace

Action search_robot_action(const GameState& state, Seat seat, Rng& rng, SearchBudget budget,
                           const SearchStop* stop) {
  SP_ASSERT(!state.is_finished() && state.current == seat);
  SP_ASSERT(budget.candidates >= 1 && budget.deals >= 1);
  const std::uint64_t seed = rng.next();
  const std::vector<Action> tried = candidates(state, seat, budget.candidates);
  if (tried.size() == 1) return tried.front();

  std::vector<double> total(tried.size(), 0.0);
  for (int d = 0; d < budget.deals; ++d) {
    Rng deal_rng(seed ^ (static_cast<std::uint64_t>(d + 1) * 0x9E3779B97F4A7C15ull));
    const GameState deal = imagine_hidden(state, seat, deal_rng);
    const std::uint64_t playout_seed = deal_rng.next();
    for (std::size_t i = 0; i < tried.size(); ++i) {
      GameState game = deal;
      const auto applied = apply_in_place(game, seat, tried[i], nullptr);
      SP_ASSERT(applied.has_value());
      Rng playout_rng(playout_seed);
      play_out(game, playout_rng);
      total[i] += result_for(game, seat);
    }
    if (stop && stop->stop_now()) break;
  }
  // Ties go to the better worth: the candidates are in that order.
  const auto best = std::max_element(total.begin(), total.end());
  return tried[static_cast<std::size_t>(best - total.begin())];
}

}  // namespace sp::engine
