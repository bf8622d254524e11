// One decision judged from the deciding seat's view (docs/analysis.md): the
// actions the strongest robot level considers there, and the action actually
// chosen, each played to the game's end on the same imagined deals
// (engine/hidden_deal.hpp) with the same random numbers (common random
// numbers), so that they differ only by what they change and never by luck.
// The deals are drawn from what the seat could see, never from the game's
// real future.
//
// The candidates and their values are exactly those of the strongest level's
// search (engine/robot_search.hpp) given the same generator and budget, so
// the action that search would choose costs exactly 0.
//
// Pure and deterministic: the same state (up to what the seat cannot see),
// choice, generator and depth give the same judgement.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/action.hpp"
#include "engine/rng.hpp"
#include "engine/seat.hpp"
#include "engine/state.hpp"

namespace sp::engine {

// How deep a decision is judged; the time grows in proportion to both
// (docs/analysis.md has the measured time). By default the strongest level's
// candidates, on more deals than its 12 so that a cost is steadier than a
// robot's choice needs to be.
struct AnalysisDepth {
  int candidates = 4;  // the best-worth actions tried (and the best pass), as the strongest level
  int deals = 64;      // imagined deals on which each is played out
};

// One action played out on every deal.
struct Alternative {
  Action action;
  double result = 0.0;      // the mean playout result: the seat's lead over the best other seat, plus 10
                            // for a win shared among the winners (engine/playout.hpp)
  double points = 0.0;      // the seat's mean final points
  double win_chance = 0.0;  // the share of deals the seat wins, a shared first place counting its share
  friend bool operator==(const Alternative&, const Alternative&) = default;
};

struct DecisionJudgement {
  // The candidates, best worth first, then the chosen action if it is none of them.
  std::vector<Alternative> alternatives;
  std::size_t chosen = 0;        // the action made
  std::size_t robot_choice = 0;  // the strongest level's: the first candidate of the best result
  std::size_t best = 0;          // the first alternative of the best result (the choice may beat every candidate)
  double cost = 0.0;             // alternatives[best].result - alternatives[chosen].result, never negative
  friend bool operator==(const DecisionJudgement&, const DecisionJudgement&) = default;
};

// Judges `chosen`, `seat`'s action in `state`, drawing the deals from `rng`
// as search_robot_action does (its first number seeds them).
// REQUIRES: the seat is to act and the game is not over; `chosen` is legal
// for it; depth.candidates >= 1 and depth.deals >= 1.
DecisionJudgement judge_decision(const GameState& state, Seat seat, const Action& chosen, Rng& rng,
                                 const AnalysisDepth& depth);

}  // namespace sp::engine
