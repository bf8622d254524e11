// Random play: a seat that picks uniformly among its legal actions, and a loop
// that plays a whole game that way. Used by `spb sim`, the property tests and
// the benchmarks; the choices come from the engine's own seeded generator, so
// a seed always plays the same game.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/legal_actions.hpp"
#include "engine/replay.hpp"
#include "engine/rng.hpp"
#include "engine/setup.hpp"
#include "engine/state.hpp"

namespace sp::engine {

class RandomPlayer {
 public:
  explicit RandomPlayer(std::uint64_t seed) : rng_(seed) {}

  // One of the seat's legal actions. REQUIRES: the seat has one.
  Action choose(const GameState& state, Seat seat);

 private:
  Rng rng_;
  std::vector<LegalAction> buffer_;
};

struct RandomGameStats {
  std::uint64_t actions = 0;  // actions applied
};

// Plays `state` to its end with random choices; appends each action to `log`
// when given. Returns false if the game did not end within `max_actions`.
bool play_randomly(GameState& state, RandomPlayer& player, RandomGameStats& stats,
                   std::vector<LoggedAction>* log = nullptr, std::uint64_t max_actions = 100000);

}  // namespace sp::engine
