#include "engine/action_values.hpp"

#include "engine/hidden_deal.hpp"
#include "engine/invariant.hpp"
#include "engine/playout.hpp"
#include "engine/rules.hpp"

namespace sp::engine {

std::vector<double> action_values(const GameState& state, Seat seat, const std::vector<Action>& actions,
                                  std::uint64_t seed, int deals, const SearchStop* stop) {
  SP_ASSERT(!state.is_finished() && state.current == seat);
  SP_ASSERT(deals >= 1);
  std::vector<double> total(actions.size(), 0.0);
  int played = 0;
  while (played < deals) {
    Rng deal_rng(seed ^ (static_cast<std::uint64_t>(played + 1) * 0x9E3779B97F4A7C15ull));
    const GameState deal = imagine_hidden(state, seat, deal_rng);
    const std::uint64_t playout_seed = deal_rng.next();
    for (std::size_t i = 0; i < actions.size(); ++i) {
      GameState game = deal;
      const auto applied = apply_in_place(game, seat, actions[i], nullptr);
      SP_ASSERT(applied.has_value());
      Rng playout_rng(playout_seed);
      play_out(game, playout_rng);
      total[i] += playout_result(game, seat);
    }
    ++played;
    if (stop && stop->stop_now()) break;
  }
  for (double& t : total) t /= played;
  return total;
}

}  // namespace sp::engine
