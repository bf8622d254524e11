// The searching robot: today's robot (engine/robot.hpp) looking ahead.
//
// It keeps the robot's few best-worth actions and tries each on the same
// imagined deals (engine/hidden_deal.hpp): the hidden order of the stacks, and
// hidden hands and money where the table hides them, drawn again from what
// the seat sees. On each deal every kept action is played to the game's end by
// today's robot at every seat, with the same random numbers for every action
// so that the actions differ only by what they change. The action with the
// best average result is chosen: the seat's lead over the best other seat, and
// a bonus for winning (determinized Monte Carlo with a policy's playouts).
//
// The budget is a count of deals, never a time, so the choice is the same
// for the same state and generator on any machine. The engine has no clock:
// a server that must answer in time passes a SearchStop, asked between deals,
// and a search it stops chooses from the deals already played (its choice then
// depends on the machine's speed; docs/robot.md).
#pragma once

#include "engine/action.hpp"
#include "engine/rng.hpp"
#include "engine/seat.hpp"
#include "engine/state.hpp"

namespace sp::engine {

// Asked after each deal whether the search should stop (the server's time
// budget); it always plays at least one deal.
class SearchStop {
 public:
  virtual bool stop_now() const = 0;

 protected:
  ~SearchStop() = default;
};

struct SearchBudget {
  int candidates = 0;  // the best-worth actions tried, at least 1
  int deals = 0;       // imagined deals on which each is played out, at least 1
};

// Chooses a legal action for `seat`, using only what that seat may know; the
// same state (up to what the seat cannot see) and generator give the same choice.
// REQUIRES: the seat is to act (state.current) and the game is not over.
// With no `stop`, the whole budget is played.
Action search_robot_action(const GameState& state, Seat seat, Rng& rng, SearchBudget budget,
                           const SearchStop* stop = nullptr);

}  // namespace sp::engine
