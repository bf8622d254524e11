#include "engine/analysis/decision_judgement.hpp"

#include <algorithm>
#include <cstdint>

#include "engine/hidden_deal.hpp"
#include "engine/invariant.hpp"
#include "engine/playout.hpp"
#include "engine/rules.hpp"
#include "engine/search_candidates.hpp"

namespace sp::engine {
namespace {

// Plays every alternative out on the same deals. The deals and the playouts'
// numbers are drawn from `seed` exactly as action_values (engine/action_values.hpp)
// draws them, and the results summed in the same order, so the candidates'
// results are the search's to the last bit.
void play_out_alternatives(const GameState& state, Seat seat, std::uint64_t seed, int deals,
                           std::vector<Alternative>& alternatives) {
  for (int played = 0; played < deals; ++played) {
    Rng deal_rng(seed ^ (static_cast<std::uint64_t>(played + 1) * 0x9E3779B97F4A7C15ull));
    const GameState deal = imagine_hidden(state, seat, deal_rng);
    const std::uint64_t playout_seed = deal_rng.next();
    for (Alternative& alternative : alternatives) {
      GameState game = deal;
      const auto applied = apply_in_place(game, seat, alternative.action, nullptr);
      SP_ASSERT(applied.has_value());
      Rng playout_rng(playout_seed);
      play_out(game, playout_rng);
      const FinalScore& score = game.final_scores[seat.value];
      const int winners = static_cast<int>(std::count_if(
          game.final_scores.begin(), game.final_scores.begin() + game.player_count,
          [](const FinalScore& s) { return s.place == 1; }));
      alternative.result += playout_result(game, seat);
      alternative.points += score.total;
      alternative.win_chance += score.place == 1 ? 1.0 / winners : 0.0;
    }
  }
  for (Alternative& alternative : alternatives) {
    alternative.result /= deals;
    alternative.points /= deals;
    alternative.win_chance /= deals;
  }
}

std::size_t first_best(const std::vector<Alternative>& alternatives, std::size_t among) {
  const auto best = std::max_element(alternatives.begin(), alternatives.begin() + static_cast<std::ptrdiff_t>(among),
                                     [](const Alternative& a, const Alternative& b) { return a.result < b.result; });
  return static_cast<std::size_t>(best - alternatives.begin());
}

}  // namespace

DecisionJudgement judge_decision(const GameState& state, Seat seat, const Action& chosen, Rng& rng,
                                 const AnalysisDepth& depth) {
  SP_ASSERT(!state.is_finished() && state.current == seat);
  SP_ASSERT(depth.candidates >= 1 && depth.deals >= 1);
  const std::uint64_t seed = rng.next();
  DecisionJudgement judgement;
  for (const Action& action : search_candidates(state, seat, depth.candidates)) {
    judgement.alternatives.push_back(Alternative{action});
  }
  const std::size_t candidate_count = judgement.alternatives.size();
  const auto made = std::find_if(judgement.alternatives.begin(), judgement.alternatives.end(),
                                 [&](const Alternative& a) { return a.action == chosen; });
  judgement.chosen = static_cast<std::size_t>(made - judgement.alternatives.begin());
  if (made == judgement.alternatives.end()) judgement.alternatives.push_back(Alternative{chosen});

  play_out_alternatives(state, seat, seed, depth.deals, judgement.alternatives);
  judgement.robot_choice = first_best(judgement.alternatives, candidate_count);
  judgement.best = first_best(judgement.alternatives, judgement.alternatives.size());
  judgement.cost = judgement.alternatives[judgement.best].result - judgement.alternatives[judgement.chosen].result;
  return judgement;
}

}  // namespace sp::engine
