// What each of some actions is worth to a seat, judged from that seat's view
// only: each is tried on the same imagined deals (engine/hidden_deal.hpp) and
// played to the game's end by today's robot at every seat, with the same
// random numbers for every action so that they differ only by what they
// change (determinized Monte Carlo). The searching robot chooses by these
// values (engine/robot_search.hpp); a replayed game's decisions are judged by
// them (the cost of a choice: the best value less the chosen one).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/action.hpp"
#include "engine/robot_search.hpp"
#include "engine/seat.hpp"
#include "engine/state.hpp"

namespace sp::engine {

// The mean result (engine/playout.hpp, end-of-game points) of each of
// `actions` over `deals` imagined deals drawn from `seed`, in their order. The
// same state (up to what the seat cannot see), actions and seed give the same
// values. With a `stop`, asked after each deal, the means are over the deals
// played (at least one).
// REQUIRES: the seat is to act and the game is not over; every action is
// legal for it; deals >= 1.
std::vector<double> action_values(const GameState& state, Seat seat, const std::vector<Action>& actions,
                                  std::uint64_t seed, int deals, const SearchStop* stop = nullptr);

}  // namespace sp::engine
