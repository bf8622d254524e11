// A game played to its end by today's robot at every seat, and what its end is
// worth to one seat: the ground truth of the search (engine/robot_search.hpp)
// and of the judge of a decision's cost (engine/action_values.hpp).
#pragma once

#include "engine/rng.hpp"
#include "engine/seat.hpp"
#include "engine/state.hpp"

namespace sp::engine {

// Plays `state` to its end with today's robot at every seat.
void play_out(GameState& state, Rng& rng);

// The seat's result at the end of a finished game, in end-of-game points: its
// lead over the best other seat, and a bonus for winning (shared by the
// winners), since winning is the aim and the lead tells apart the many
// playouts that end alike.
// REQUIRES: finished.is_finished()
double playout_result(const GameState& finished, Seat seat);

}  // namespace sp::engine
