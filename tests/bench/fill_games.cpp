// fill_games: a real SQLite database of finished random games, stored through
// the store's Records, for the `spb admin verify` benchmark
// (docs/performance.md).
//
// usage: fill_games DB_PATH COUNT [FIRST_SEED]
// Player counts and expansion sets cycle over every combination.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "server/store/store.hpp"
#include "tests/support/stored_games.hpp"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: fill_games DB_PATH COUNT [FIRST_SEED]\n");
    return 2;
  }
  const long count = std::atol(argv[2]);
  const unsigned long long first = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1;
  sp::server::Store store(sp::server::StoreOptions{argv[1], false});
  long moves = 0;
  constexpr long kGamesPerTransaction = 200;
  for (long done = 0; done < count;) {
    store.run_sync([&](sp::server::Records& db) {
      for (long i = 0; i < kGamesPerTransaction && done < count; ++i, ++done) {
        const bool banquet = done % 2 == 1;
        const bool new_society = done % 4 >= 2;
        const int players = 2 + static_cast<int>(done / 4 % (new_society ? 4 : 3));
        moves += sp::test::store_random_game(db, players, {banquet, new_society}, first + done).moves;
      }
    });
  }
  std::printf("%ld finished games, %ld moves written to %s\n", count, moves, argv[1]);
  return 0;
}
