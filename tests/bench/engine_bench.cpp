// Engine benchmark (a program, not a test): figures for docs/performance.md.
//
//   apply     validated actions applied per second: recorded random games are
//             replayed through apply_in_place (every rule checked, automatic
//             flow run), with no legal-action enumeration.
//   games     complete random games per second, legal actions enumerated for
//             every decision (what `spb sim` does).
//   robot     robot decisions per second, in games where a robot plays every
//             seat (what the server asks of a robot on a table's strand).
//
// Each figure is the median of --runs repetitions on one thread.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "engine/random_game.hpp"
#include "engine/robot_game.hpp"
#include "engine/rules.hpp"
#include "engine/setup.hpp"

using namespace sp::engine;

namespace {

using Clock = std::chrono::steady_clock;

struct Workload {
  const char* name;
  int players;
  Expansions expansions;
};

GameSetup setup_for(const Workload& w, std::uint64_t seed) {
  GameSetup setup;
  setup.player_count = w.players;
  setup.options.expansions = w.expansions;
  setup.seed = seed;
  return setup;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

// Actions applied per second, replaying recorded games.
double apply_rate(const Workload& w, int games) {
  std::vector<GameState> starts;
  std::vector<std::vector<LoggedAction>> logs;
  for (int g = 0; g < games; ++g) {
    auto state = new_game(setup_for(w, static_cast<std::uint64_t>(g) + 1));
    starts.push_back(*state);
    RandomPlayer player(static_cast<std::uint64_t>(g) + 77);
    RandomGameStats stats;
    logs.emplace_back();
    play_randomly(*state, player, stats, &logs.back());
  }
  std::uint64_t actions = 0;
  const auto begin = Clock::now();
  for (int g = 0; g < games; ++g) {
    GameState state = starts[static_cast<std::size_t>(g)];
    for (const LoggedAction& logged : logs[static_cast<std::size_t>(g)]) {
      if (!apply_in_place(state, logged.seat, logged.action, nullptr)) std::abort();
      ++actions;
    }
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - begin).count();
  return static_cast<double>(actions) / seconds;
}

// Complete random games per second, with legal-action enumeration.
double game_rate(const Workload& w, int games, double& actions_per_game) {
  RandomGameStats stats;
  const auto begin = Clock::now();
  for (int g = 0; g < games; ++g) {
    auto state = new_game(setup_for(w, static_cast<std::uint64_t>(g) + 1));
    RandomPlayer player(static_cast<std::uint64_t>(g) + 77);
    if (!play_randomly(*state, player, stats)) std::abort();
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - begin).count();
  actions_per_game = static_cast<double>(stats.actions) / games;
  return games / seconds;
}

// Robot decisions per second, robots at every seat (the game's own actions
// applied in between are a small share of the time).
double robot_rate(const Workload& w, int games) {
  RobotGameStats stats;
  const RobotSeats every_seat = (RobotSeats{1} << w.players) - 1;
  const auto begin = Clock::now();
  for (int g = 0; g < games; ++g) {
    auto state = new_game(setup_for(w, static_cast<std::uint64_t>(g) + 1));
    Rng rng(static_cast<std::uint64_t>(g) + 77);
    if (!play_with_robots(*state, every_seat, rng, stats)) std::abort();
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - begin).count();
  return static_cast<double>(stats.robot_decisions) / seconds;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  int games = 4000;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--runs") == 0) runs = std::max(1, std::atoi(argv[i + 1]));
    if (std::strcmp(argv[i], "--games") == 0) games = std::max(10, std::atoi(argv[i + 1]));
  }
  const Workload workloads[] = {
      {"base, 4 players", 4, Expansions{false, false}},
      {"both expansions, 4 players", 4, Expansions{true, true}},
      {"both expansions, 5 players", 5, Expansions{true, true}},
  };
  std::printf("median of %d runs, %d games each, one thread\n\n", runs, games);
  std::printf("%-28s %16s %14s %14s %18s\n", "workload", "apply actions/s", "games/s", "actions/game",
              "robot decisions/s");
  for (const Workload& w : workloads) {
    std::vector<double> apply, rate, robot;
    double per_game = 0;
    for (int r = 0; r < runs; ++r) {
      apply.push_back(apply_rate(w, games));
      rate.push_back(game_rate(w, games, per_game));
      robot.push_back(robot_rate(w, std::max(10, games / 10)));
    }
    std::printf("%-28s %16.0f %14.0f %14.1f %18.0f\n", w.name, median(apply), median(rate), per_game,
                median(robot));
  }
  return 0;
}
