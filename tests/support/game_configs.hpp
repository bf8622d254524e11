// Every table the rules allow: 2 to 4 players, 5 with The New Society, with
// and without each expansion. Property tests run over all of them.
#pragma once

#include <vector>

#include "engine/options.hpp"

namespace sp::test {

struct GameConfig {
  int players;
  engine::Expansions expansions;
};

inline std::vector<GameConfig> all_game_configs() {
  std::vector<GameConfig> configs;
  for (bool banquet : {false, true}) {
    for (bool new_society : {false, true}) {
      for (int players = 2; players <= (new_society ? 5 : 4); ++players) {
        configs.push_back(GameConfig{players, engine::Expansions{banquet, new_society}});
      }
    }
  }
  return configs;
}

}  // namespace sp::test
