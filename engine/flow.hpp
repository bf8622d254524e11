// The automatic flow of a game: turns passing clockwise, automatic passes, the
// end of a phase's actions, scoring, new cards, the end of a round and of the
// game. Everything here happens without a decision by a player; it runs after
// each accepted action until the engine waits for a seat again.
#pragma once

#include "engine/event.hpp"
#include "engine/state.hpp"

namespace sp::engine::flow {

// Starts round 1 after the opening display is dealt.
void begin_game(GameState& state, Events* events);

// After `state.current` took a turn's action (a pass or anything else): records
// it in the run of passes, gives the turn to the next seat (or keeps it for a
// Double Turn) and runs the automatic flow.
void finish_turn(GameState& state, bool passed);

// Leaves the Pickpocket question: play begins at `first`.
void begin_actions(GameState& state, Seat first);

// Asks the next Pub owner after building scoring (original timing), or goes on
// with the phase's new cards when nobody is left to ask.
void continue_pub_window(GameState& state, Events* events);

Seat next_seat(const GameState& state, Seat seat);
std::uint8_t all_seats_mask(const GameState& state);

}  // namespace sp::engine::flow

namespace sp::engine::flow {

// Runs automatic passes and everything that follows the end of a phase's
// actions, until a seat must decide (or the game is over).
void settle(GameState& state, Events* events);

}  // namespace sp::engine::flow
