// spb admin calibrate-robots: the robot levels play each other and their
// accounts are rated by those games (server/cli/robot_calibration.hpp).
#include <algorithm>
#include <cstdio>
#include <iostream>

#include "server/base/clock.hpp"
#include "server/cli/admin_database.hpp"
#include "server/cli/commands.hpp"
#include "server/cli/history_calibration.hpp"
#include "server/cli/robot_calibration.hpp"
#include "server/ratings/plackett_luce.hpp"

namespace sp::cli {
namespace {

constexpr const char* kUsage =
    "usage: spb admin calibrate-robots [--db PATH] --games N [--players 2-5] [--seed S]\n"
    "                                  [--expansions banquet,new_society]\n"
    "Plays N games of the robot levels 1 to 3 against each other at seeded deals, the levels\n"
    "turning through the seats, and stores each as a finished game rated in the pool of its\n"
    "player count (docs/ratings.md), moving the levels' accounts; then prints each level's\n"
    "rating there. The same seed and database give the same games and ratings.\n"
    "\n"
    "usage: spb admin calibrate-robots [--db PATH] --from-history [--max-games N] [--positions K]\n"
    "                                  [--deals D] [--apply]\n"
    "Judges people's own decisions in the finished games rated in people's pools (the latest N),\n"
    "K a person a game (8) over D imagined deals each (24), fits each pool's people's ratings\n"
    "before the game (mu) against their mean cost per decision, and places levels 1 to 3 on\n"
    "that line by their cost at the same positions. --apply writes a level's placed rating as\n"
    "its account's start in a pool where it has no rated game yet. Exit status 1 when no pool\n"
    "has enough games to fit.\n";

void print_placements(const std::vector<PoolPlacement>& pools, bool apply) {
  for (const PoolPlacement& pool : pools) {
    std::printf("%s: %d games, %zu samples (a person's mean cost in one game), %d decisions judged\n",
                std::string(server::to_string(pool.pool)).c_str(), pool.games, pool.samples.size(), pool.positions);
    if (!pool.fit) {
      std::printf("  no fit: %s\n", pool.refusal.c_str());
      continue;
    }
    const ratings::RatingFit& fit = *pool.fit;
    std::printf("  people: mu = %.2f %+.2f * cost (n %d, r^2 %.3f, spread about the line %.2f)\n", fit.a, fit.b,
                fit.samples, fit.r_squared, fit.residual_sd);
    std::printf("  %-7s %9s %9s %8s\n", "level", "positions", "mean cost", "placed mu");
    for (const LevelPlacement& level : pool.levels) {
      std::printf("  %-7d %9d %9.2f %8.2f%s%s\n", static_cast<int>(level.level), level.positions, level.mean_cost,
                  level.placed, apply ? "  " : "", apply ? level.applied.c_str() : "");
    }
  }
}

int run_from_history(const std::vector<std::string>& args, bool apply) {
  std::string error;
  const auto flags = Flags::parse(
      args, {"db", "games", "players", "seed", "expansions", "max-games", "positions", "deals"}, error);
  std::string path;
  std::optional<HistoryPlan> plan;
  if (flags) {
    path = admin_database_path(*flags, error);
    if (error.empty()) plan = history_plan(*flags, error);
    if (error.empty() && !flags->positional().empty()) error = "unexpected argument " + flags->positional().front();
  }
  if (!error.empty()) {
    std::cerr << "spb admin calibrate-robots: " << error << "\n\n" << kUsage;
    return 2;
  }
  std::optional<std::vector<PoolPlacement>> pools;
  try {
    server::Store store(server::open_migrated_backend(path, true), server::StoreOptions{}.max_batch);
    const server::SystemClock clock;
    pools = calibrate_from_history(store, *plan, error);
    if (pools && apply) apply_placements(store, *pools, clock);
  } catch (const server::DatabaseError& e) {
    std::cerr << "spb admin calibrate-robots: the database " << server::printable_location(path)
              << " cannot be used: " << e.what() << "\n";
    return 2;
  }
  if (!pools) {
    std::cerr << "spb admin calibrate-robots: " << error << "\n";
    return 1;
  }
  print_placements(*pools, apply);
  const bool fitted =
      std::any_of(pools->begin(), pools->end(), [](const PoolPlacement& p) { return p.fit.has_value(); });
  if (!fitted) {
    std::cerr << "spb admin calibrate-robots: "
              << (pools->empty() ? "no finished game rated in a people's pool has a person seated"
                                 : "no pool has enough people's games to fit ratings against costs")
              << "; nothing placed\n";
    return 1;
  }
  return 0;
}

}  // namespace

int run_admin_calibrate_command(const std::vector<std::string>& given) {
  std::vector<std::string> args = given;
  const bool from_history = take_switch(args, "from-history");
  const bool apply = take_switch(args, "apply");
  if (from_history) return run_from_history(args, apply);
  std::string error;
  const auto flags = Flags::parse(args, {"db", "games", "players", "seed", "expansions"}, error);
  if (apply) error = "--apply goes with --from-history";
  std::string path;
  std::optional<CalibrationPlan> plan;
  if (flags) {
    if (error.empty()) path = admin_database_path(*flags, error);
    if (error.empty()) plan = calibration_plan(*flags, error);
    if (error.empty() && !flags->positional().empty()) error = "unexpected argument " + flags->positional().front();
  }
  if (!error.empty()) {
    std::cerr << "spb admin calibrate-robots: " << error << "\n\n" << kUsage;
    return 2;
  }
  std::optional<CalibrationOutcome> outcome;
  try {
    server::Store store(server::open_migrated_backend(path, true), server::StoreOptions{}.max_batch);
    const server::SystemClock clock;
    outcome = calibrate_robots(store, *plan, clock, error);
  } catch (const server::DatabaseError& e) {
    std::cerr << "spb admin calibrate-robots: the database " << server::printable_location(path)
              << " cannot be used: " << e.what() << "\n";
    return 2;
  }
  if (!outcome) {
    std::cerr << "spb admin calibrate-robots: " << error << "\n";
    return 1;
  }
  std::printf("%zu games stored, tables %lld to %lld, rated in %s\n", outcome->tables.size(),
              static_cast<long long>(outcome->tables.front()), static_cast<long long>(outcome->tables.back()),
              std::string(server::to_string(outcome->pool)).c_str());
  for (std::size_t i = 0; i < outcome->ratings.size(); ++i) {
    const auto& r = outcome->ratings[i];
    if (!r) {
      std::printf("level %zu: not rated in this pool yet\n", i + 1);
      continue;
    }
    const double shown = ratings::conservative(ratings::Rating{r->mu, r->sigma});
    std::printf("level %zu: rating %.2f (mu %.2f, sigma %.2f, %d games)\n", i + 1, shown, r->mu, r->sigma, r->games);
  }
  return 0;
}

}  // namespace sp::cli
