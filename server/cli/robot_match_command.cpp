// spb robot-match: robots at the first seats, random players at the others;
// prints each seat's wins and average final score, and the robots' speed.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <vector>

#include "engine/robot_game.hpp"
#include "engine/setup.hpp"
#include "server/cli/command_line.hpp"
#include "server/cli/commands.hpp"
#include "server/cli/table_options.hpp"

namespace sp::cli {
namespace {

struct SeatTally {
  std::uint64_t wins = 0;         // first place alone
  std::uint64_t shared_wins = 0;  // first place shared
  std::int64_t points = 0;
  std::int64_t hand_penalty = 0;
};

void print_tallies(const std::vector<SeatTally>& tallies, std::uint64_t robots, std::uint64_t games) {
  const double n = static_cast<double>(games);
  for (std::size_t seat = 0; seat < tallies.size(); ++seat) {
    const SeatTally& t = tallies[seat];
    std::printf("seat %zu %-6s  wins: %5.1f%%  shared wins: %4.1f%%  average score: %5.1f  hand penalty: %5.2f\n",
                seat, seat < robots ? "robot" : "random", 100.0 * static_cast<double>(t.wins) / n,
                100.0 * static_cast<double>(t.shared_wins) / n, static_cast<double>(t.points) / n,
                static_cast<double>(t.hand_penalty) / n);
  }
}

}  // namespace

int run_robot_match_command(const std::vector<std::string>& args) {
  std::string error;
  const auto flags = Flags::parse(args, {"games", "players", "robots", "seed", "expansions"}, error);
  std::optional<std::uint64_t> games, players, robots, seed;
  std::optional<engine::Expansions> expansions = engine::Expansions{};
  if (flags) {
    games = flags->number("games", 500, 1, 100000000, error);
    players = flags->number("players", 2, 2, 5, error);
    robots = flags->number("robots", 1, 0, 5, error);
    seed = flags->number("seed", 1, 0, UINT64_MAX, error);
    if (const auto text = flags->get("expansions")) expansions = parse_expansions(*text, error);
  }
  if (!error.empty() || !games || !players || !robots || !seed || !expansions) {
    std::cerr << "spb robot-match: " << error
              << "\nusage: spb robot-match [--games N] [--players 2-5] [--robots N] [--seed S]"
                 " [--expansions banquet,new_society]\n";
    return 2;
  }
  if (*players == 5 && !expansions->new_society) {
    std::cerr << "spb robot-match: five players need --expansions new_society\n";
    return 2;
  }
  if (*robots > *players) {
    std::cerr << "spb robot-match: --robots is at most --players\n";
    return 2;
  }

  std::vector<SeatTally> tallies(*players);
  engine::RobotGameStats stats;
  const engine::RobotSeats robot_seats = (engine::RobotSeats{1} << *robots) - 1;
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t g = 0; g < *games; ++g) {
    engine::GameSetup setup;
    setup.player_count = static_cast<int>(*players);
    setup.options.expansions = *expansions;
    setup.seed = *seed + g;
    auto state = engine::new_game(setup);
    if (!state) {
      std::cerr << "spb robot-match: " << state.error().message << "\n";
      return 2;
    }
    engine::Rng rng(setup.seed ^ 0x5DEECE66Dull);
    if (!engine::play_with_robots(*state, robot_seats, rng, stats)) {
      std::cerr << "spb robot-match: game with seed " << setup.seed << " did not end\n";
      return 1;
    }
    int first = 0;
    for (std::size_t s = 0; s < tallies.size(); ++s) first += state->final_scores[s].place == 1 ? 1 : 0;
    for (std::size_t s = 0; s < tallies.size(); ++s) {
      const engine::FinalScore& score = state->final_scores[s];
      if (score.place == 1) ++(first == 1 ? tallies[s].wins : tallies[s].shared_wins);
      tallies[s].points += score.total;
      tallies[s].hand_penalty += score.hand_penalty;
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  print_tallies(tallies, *robots, *games);
  std::printf("games: %llu  actions: %llu  robot decisions: %llu  seconds: %.3f\n",
              static_cast<unsigned long long>(*games), static_cast<unsigned long long>(stats.actions),
              static_cast<unsigned long long>(stats.robot_decisions), seconds);
  return 0;
}

}  // namespace sp::cli
