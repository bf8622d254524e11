// fill_people_games: a real SQLite database of finished, rated two-player
// games between people whose decisions come from known policies, for the
// measured run of spb admin calibrate-robots --from-history
// (docs/ratings.md "Calibrating the robot levels").
//
// usage: fill_people_games DB_PATH GAMES
// Eight people, two at each of four strengths, rated as if after many
// games: playing as level 3 chooses at mu 34 and 32, as level 2 at 29 and
// 27, as level 1 at 23 and 21, at random at 16 and 14. Game g seats person
// g mod 8 against person (g + 3) mod 8 (then 5, 7, 1 apart in later rounds),
// so every strength meets every other; deals from seed 1.
#include <cstdio>
#include <cstdlib>

#include "server/store/store.hpp"
#include "tests/support/people_games.hpp"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: fill_people_games DB_PATH GAMES\n");
    return 2;
  }
  using sp::engine::RobotLevel;
  const long games = std::atol(argv[2]);
  constexpr std::int64_t kNow = 1'800'000'000;
  sp::server::Store store(sp::server::StoreOptions{argv[1], false});
  const std::vector<sp::test::Person> people =
      sp::test::create_people(store,
                              {{"deep1", RobotLevel::kDeepSearch, 34},
                               {"quick1", RobotLevel::kQuickSearch, 29},
                               {"worth1", RobotLevel::kWorth, 23},
                               {"random1", RobotLevel::kRandom, 16},
                               {"deep2", RobotLevel::kDeepSearch, 32},
                               {"quick2", RobotLevel::kQuickSearch, 27},
                               {"worth2", RobotLevel::kWorth, 21},
                               {"random2", RobotLevel::kRandom, 14}},
                              kNow);
  constexpr long kApart[] = {3, 5, 7, 1};
  std::vector<std::pair<sp::test::Person, sp::test::Person>> pairings;
  for (long g = 0; g < games; ++g) {
    const long apart = kApart[(g / 8) % 4];
    pairings.emplace_back(people[static_cast<std::size_t>(g % 8)], people[static_cast<std::size_t>((g + apart) % 8)]);
  }
  sp::test::store_people_games(store, pairings, 1, kNow);
  std::printf("%ld finished rated games between people written to %s\n", games, argv[1]);
  return 0;
}
