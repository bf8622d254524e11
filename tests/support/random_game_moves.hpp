// Every move of random games, 2 to 5 players, with and without each
// expansion, for the protocol's text encoders' tests: each is checked against
// the document it must read as, at every point of real games.
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "engine/random_game.hpp"
#include "engine/rules.hpp"
#include "engine/setup.hpp"

namespace sp::test {

struct RandomMove {
  const engine::GameState& before;  // the state the move was made in
  const engine::LoggedAction& move;
  const engine::Events& events;     // what applying it gave
  std::int64_t number;              // its move number, from 1
  int players;
  const engine::TableOptions& options;
};

// `visit(const RandomMove&)` for every move. `adjust(options, game)` may
// change each game's options before it is dealt (`game` counts from 0).
template <typename Visit, typename Adjust>
void each_move_of_random_games(Visit visit, Adjust adjust) {
  int game = 0;
  for (int players = 2; players <= 5; ++players) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      engine::GameSetup setup;
      setup.player_count = players;
      setup.seed = seed * 101 + static_cast<std::uint64_t>(players);
      // Five players need The New Society.
      setup.options.expansions = engine::Expansions{seed % 2 == 0, players == 5 || seed % 3 != 0};
      adjust(setup.options, game++);
      auto state = engine::new_game(setup);
      REQUIRE(state.has_value());
      engine::GameState before = *state;
      std::vector<engine::LoggedAction> log;
      engine::RandomPlayer player(seed);
      engine::RandomGameStats stats;
      REQUIRE(engine::play_randomly(*state, player, stats, &log));
      for (std::size_t i = 0; i < log.size(); ++i) {
        engine::GameState after = before;
        engine::Events events;
        REQUIRE(engine::apply_in_place(after, log[i].seat, log[i].action, &events));
        visit(RandomMove{before, log[i], events, static_cast<std::int64_t>(i) + 1, players, setup.options});
        before = std::move(after);
      }
    }
  }
}

template <typename Visit>
void each_move_of_random_games(Visit visit) {
  each_move_of_random_games(visit, [](engine::TableOptions&, int) {});
}

}  // namespace sp::test
