// spb admin calibrate-robots: the robot levels play each other and their
// accounts are rated by those games (server/cli/robot_calibration.hpp).
#include <cstdio>
#include <iostream>

#include "server/base/clock.hpp"
#include "server/cli/admin_database.hpp"
#include "server/cli/commands.hpp"
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
    "rating there. The same seed and database give the same games and ratings.\n";

}  // namespace

int run_admin_calibrate_command(const std::vector<std::string>& args) {
  std::string error;
  const auto flags = Flags::parse(args, {"db", "games", "players", "seed", "expansions"}, error);
  std::string path;
  std::optional<CalibrationPlan> plan;
  if (flags) {
    path = admin_database_path(*flags, error);
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
