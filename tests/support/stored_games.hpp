// Random games played live and stored move by move in a real database through
// the store's Records, as the server stores them: for the replay,
// verify and record tests and for the verify benchmark's database.
#pragma once

#include <cstdint>
#include <string>

#include "engine/options.hpp"
#include "engine/state.hpp"
#include "server/store/records.hpp"

namespace sp::test {

struct StoredGame {
  std::int64_t table = 0;
  engine::GameState live;  // the state the live game reached
  std::int64_t moves = 0;
};

// Plays one game between random players (seeded by `seed`) and stores its
// table, seats and every move with its state hash. The caller may run many
// calls in one transaction (one store job).
StoredGame store_random_game(server::Records& db, int players, engine::Expansions expansions, std::uint64_t seed);

// A two-player table named `name`, made by `creator`, with no seats and no
// moves: for the tests of what the store writes about a table.
std::int64_t store_empty_table(server::Records& db, std::int64_t creator, const std::string& name);

}  // namespace sp::test
