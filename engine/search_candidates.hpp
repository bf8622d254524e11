// The actions a search tries (engine/robot_search.hpp), and an analysis
// weighs against the one made (engine/analysis/): one choice of them, so that
// the strongest level's own choice is always among the alternatives an
// analysis prices, and costs nothing.
#pragma once

#include <vector>

#include "engine/action.hpp"
#include "engine/seat.hpp"
#include "engine/state.hpp"

namespace sp::engine {

// The legal actions worth trying, best worth first (engine/robot.hpp): the
// `count` best, and the best pass among them whatever its worth (waiting is
// often the move).
// REQUIRES: the seat has a legal action, count >= 1
std::vector<Action> search_candidates(const GameState& state, Seat seat, int count);

}  // namespace sp::engine
