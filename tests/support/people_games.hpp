// Finished, rated games between people whose decisions come from known
// policies (a robot level's choices, stored as the person's own moves):
// a history of people's games for spb admin calibrate-robots --from-history,
// in its test and in the database of its measured run (docs/ratings.md).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/robot_level.hpp"
#include "server/store/store.hpp"

namespace sp::test {

struct Person {
  std::int64_t id = 0;
  engine::RobotLevel plays = engine::RobotLevel::kRandom;  // how their decisions are made
};

// A person to create: their name, policy, and two-player rating (mu, with
// sigma 2 and 30 games, as if after many games).
struct PersonSpec {
  std::string name;
  engine::RobotLevel plays = engine::RobotLevel::kRandom;
  double mu = 25;
};

std::vector<Person> create_people(server::Store& store, const std::vector<PersonSpec>& specs, std::int64_t now);

// Two-player games between the pairs, dealt from seeds first_deal,
// first_deal + 1, ...; each seat's moves chosen by its person's policy and
// stored as theirs (actor player) through the records calibrate-robots
// stores its games with (server/cli/robot_calibration.hpp), rated as a
// served game is, from the ratings the people hold. One store job a game.
void store_people_games(server::Store& store, const std::vector<std::pair<Person, Person>>& pairings,
                        std::uint64_t first_deal, std::int64_t now);

}  // namespace sp::test
