// spb random-game: plays one game between random players and prints the
// table's final scoring.
#include <cstdio>
#include <iostream>

#include "engine/random_game.hpp"
#include "engine/setup.hpp"
#include "server/cli/command_line.hpp"
#include "server/cli/commands.hpp"
#include "server/cli/table_options.hpp"

namespace sp::cli {

int run_random_game_command(const std::vector<std::string>& args) {
  std::string error;
  const auto flags = Flags::parse(args, {"players", "seed", "expansions"}, error);
  std::optional<std::uint64_t> players, seed;
  std::optional<engine::Expansions> expansions = engine::Expansions{};
  if (flags) {
    players = flags->number("players", 4, 2, 5, error);
    seed = flags->number("seed", 2026, 0, UINT64_MAX, error);
    if (const auto text = flags->get("expansions")) expansions = parse_expansions(*text, error);
  }
  if (!error.empty() || !players || !seed || !expansions) {
    std::cerr << "spb random-game: " << error
              << "\nusage: spb random-game [--players 2-5] [--seed S] [--expansions banquet,new_society]\n";
    return 2;
  }
  engine::GameSetup setup;
  setup.player_count = static_cast<int>(*players);
  setup.options.expansions = *expansions;
  setup.seed = *seed;
  auto state = engine::new_game(setup);
  if (!state) {
    std::cerr << "spb random-game: " << state.error().message << "\n";
    return 2;
  }
  engine::RandomPlayer player(*seed ^ 0x5DEECE66Dull);
  engine::RandomGameStats stats;
  if (!engine::play_randomly(*state, player, stats)) {
    std::cerr << "spb random-game: the game did not end\n";
    return 1;
  }
  std::printf("A game of %d random players (seed %llu) ended after %d rounds and %llu actions.\n\n",
              state->player_count, static_cast<unsigned long long>(*seed), state->round,
              static_cast<unsigned long long>(stats.actions));
  std::printf("%-6s %6s %6s %9s %7s %7s %6s %6s\n", "place", "seat", "points", "aristo.", "money", "hand", "total",
              "rubles");
  for (int place = 1; place <= state->player_count; ++place) {
    for (int seat = 0; seat < state->player_count; ++seat) {
      const engine::FinalScore& f = state->final_scores[seat];
      if (f.place != place) continue;
      std::printf("%-6d %6d %6d %9d %7d %7d %6d %6d\n", f.place, seat, f.points_before, f.aristocrat_bonus,
                  f.money_points, f.hand_penalty, f.total, state->players[seat].rubles);
    }
  }
  return 0;
}

}  // namespace sp::cli
