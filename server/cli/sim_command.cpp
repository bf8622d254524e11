// spb sim: plays random legal games to the end and reports their speed.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "engine/random_game.hpp"
#include "engine/setup.hpp"
#include "server/cli/command_line.hpp"
#include "server/cli/commands.hpp"
#include "server/cli/table_options.hpp"

namespace sp::cli {

int run_sim_command(const std::vector<std::string>& args) {
  std::string error;
  const auto flags = Flags::parse(args, {"games", "players", "seed", "expansions"}, error);
  std::optional<std::uint64_t> games, players, seed;
  std::optional<engine::Expansions> expansions = engine::Expansions{};
  if (flags) {
    games = flags->number("games", 1000, 1, 100000000, error);
    players = flags->number("players", 4, 2, 5, error);
    seed = flags->number("seed", 1, 0, UINT64_MAX, error);
    if (const auto text = flags->get("expansions")) expansions = parse_expansions(*text, error);
  }
  if (!error.empty() || !games || !players || !seed || !expansions) {
    std::cerr << "spb sim: " << error
              << "\nusage: spb sim [--games N] [--players 2-5] [--seed S] [--expansions banquet,new_society]\n";
    return 2;
  }
  if (*players == 5 && !expansions->new_society) {
    std::cerr << "spb sim: five players need --expansions new_society\n";
    return 2;
  }

  engine::RandomGameStats stats;
  std::uint64_t rounds = 0;
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t g = 0; g < *games; ++g) {
    engine::GameSetup setup;
    setup.player_count = static_cast<int>(*players);
    setup.options.expansions = *expansions;
    setup.seed = *seed + g;
    auto state = engine::new_game(setup);
    if (!state) {
      std::cerr << "spb sim: " << state.error().message << "\n";
      return 2;
    }
    engine::RandomPlayer player(setup.seed ^ 0x5DEECE66Dull);
    if (!engine::play_randomly(*state, player, stats)) {
      std::cerr << "spb sim: game with seed " << setup.seed << " did not end\n";
      return 1;
    }
    rounds += state->round;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("games: %llu  players: %llu  actions: %llu  rounds/game: %.2f  actions/game: %.1f\n",
              static_cast<unsigned long long>(*games), static_cast<unsigned long long>(*players),
              static_cast<unsigned long long>(stats.actions), static_cast<double>(rounds) / static_cast<double>(*games),
              static_cast<double>(stats.actions) / static_cast<double>(*games));
  std::printf("seconds: %.3f  games/s: %.0f  actions/s: %.0f\n", seconds, static_cast<double>(*games) / seconds,
              static_cast<double>(stats.actions) / seconds);
  return 0;
}

}  // namespace sp::cli
