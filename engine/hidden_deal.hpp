// A deal as one seat may imagine it: the game as that seat sees it, with what
// it cannot see dealt again at random. A search plays such deals forward
// (engine/robot_search.hpp), so it never learns what its seat may not know.
#pragma once

#include "engine/rng.hpp"
#include "engine/seat.hpp"
#include "engine/state.hpp"

namespace sp::engine {

// `state` with the stacks' order, and, where the table hides them, the other
// seats' hands and money, drawn again from what `seat` cannot see:
// - every card the seat cannot see lies face down in a stack or in another
//   seat's hidden hand; they are gathered by deck in catalogue order and
//   shuffled, each stack keeping its size. How many hidden hand cards come from
//   each deck follows from the stacks' sizes, so the hands keep theirs;
// - a hidden purse is a guess: as full as the seat's own.
// The result depends only on what the seat sees and on `rng`: two states that
// differ only in hidden things give the same deal for the same generator.
// REQUIRES: `seat` is to act, so a card an Observatory drew is its own.
GameState imagine_hidden(const GameState& state, Seat seat, Rng& rng);

}  // namespace sp::engine
