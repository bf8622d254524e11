// Scoring: what each phase's cards earn, and the final scoring.
#pragma once

#include "engine/event.hpp"
#include "engine/state.hpp"

namespace sp::engine {

// Scores the worker, building or aristocrat phase: each card of the phase's
// colour earns its rubles and points, with the special cards' incomes, the
// Jester and Banquet lying on cards, and the Sycophants paid last.
void score_phase(GameState& state, Phase phase, Events* events);

// Aristocrat bonus, 1 point per full 10 rubles, -5 per card in hand (Banquet
// action cards excepted): total = points + bonus + money points + hand penalty.
// Fills state.final_scores with places.
void score_final(GameState& state);

Color scored_color(Phase phase);

}  // namespace sp::engine
