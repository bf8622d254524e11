// Robot players (issue 7): a seat the server plays itself, filled at a table's
// creation or taken over when a player's time runs out.
//
// A robot knows only what its seat may know: it reads the seat's view of the
// game (engine/view.hpp) and chooses among the seat's legal actions, so it
// never learns the order of a face-down stack or a hidden hand, and its moves
// go through apply() and the game log like anyone's.
//
// The idea of its play (docs/robot.md): every legal action is given a worth in
// end-of-game points. A card is worth what it will still earn at the scorings
// left, plus its share of the aristocrat bonus, minus its price; a ruble is
// worth much early (it buys income) and a tenth of a point at the end. The
// rounds left are estimated from the stacks' sizes. Taking a card into the hand
// is worth part of buying it later, unless the game may end with it held.
#pragma once

#include <vector>

#include "engine/action.hpp"
#include "engine/legal_actions.hpp"
#include "engine/rng.hpp"
#include "engine/seat.hpp"
#include "engine/state.hpp"

namespace sp::engine {

// Chooses a legal action for `seat`, using only what that seat may know. The
// generator breaks near-ties, so robots vary between games; the same state and
// the same generator state give the same choice.
// REQUIRES: the seat is to act (state.current) and the game is not over.
Action choose_robot_action(const GameState& state, Seat seat, Rng& rng);

// The worth of each of `actions` (the seat's legal actions, in their order) in
// end-of-game points, as the seat sees them: what the robot above chooses by,
// and where a search starts from (engine/robot_search.hpp).
// REQUIRES: as above.
std::vector<double> robot_worths(const GameState& state, Seat seat, const std::vector<LegalAction>& actions);

}  // namespace sp::engine
