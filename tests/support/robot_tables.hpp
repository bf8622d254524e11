// Tables for the robots' tests (tests/engine/robot_test.cpp,
// robot_level_test.cpp): a fresh deal, the options that hide the most, and
// the same game with its secrets changed, for the proofs that a robot's
// choice depends only on what its seat may know.
#pragma once

#include <cstdint>

#include "engine/action.hpp"
#include "engine/options.hpp"
#include "engine/rng.hpp"
#include "engine/seat.hpp"
#include "engine/state.hpp"

namespace sp::test {

engine::GameState new_table(int players, engine::Expansions expansions, std::uint64_t seed,
                            engine::TableOptions options = {});

// Hidden money and hands, no stack peek: a seat knows the least it can.
engine::TableOptions secretive_options();

bool is_legal(const engine::GameState& state, engine::Seat seat, const engine::Action& action);

// The same game as the seat sees it, with the stacks in another order and the
// other seats' hidden hands and money changed (a hand card swapped with a
// stack card of the same deck, so every card stays in the game).
engine::GameState with_other_secrets(engine::GameState state, engine::Seat seat, engine::Rng& rng);

}  // namespace sp::test
