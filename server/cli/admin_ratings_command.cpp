// spb admin ratings: computes every rating again from the finished games, in
// the order they finished, and compares (server/admin/ratings_check.hpp).
#include <iostream>

#include "server/admin/ratings_check.hpp"
#include "server/cli/admin_database.hpp"
#include "server/cli/commands.hpp"

namespace sp::cli {
namespace {

constexpr const char* kUsage =
    "usage: spb admin ratings [--db PATH]\n"
    "Replays every finished game for its places, rates the games again in the order they\n"
    "finished (Weng-Lin Plackett-Luce, docs/ratings.md; a robot level from the starting point\n"
    "calibrate-robots --from-history --apply logged for it) and compares each stored result's\n"
    "rating before and after, and each account's rating, with what comes out.\n"
    "Exit status 0 when everything agrees, 1 otherwise.\n";

}  // namespace

int run_admin_ratings_command(const std::vector<std::string>& args) {
  std::string error;
  const auto flags = Flags::parse(args, {"db"}, error);
  std::string path;
  if (flags) {
    path = admin_database_path(*flags, error);
    if (!flags->positional().empty()) error = "unexpected argument " + flags->positional().front();
  }
  if (!error.empty()) {
    std::cerr << "spb admin ratings: " << error << "\n\n" << kUsage;
    return 2;
  }
  const auto db = open_existing_database(path, error);
  if (!db) {
    std::cerr << "spb admin ratings: " << error << "\n";
    return 2;
  }
  const server::RatingsCheck check = server::check_ratings(db->records());
  for (const std::string& problem : check.problems) std::cout << problem << "\n";
  std::cout << check.games << " finished games, " << check.rated << " rated: "
            << (check.problems.empty() ? "the ratings agree" : std::to_string(check.problems.size()) + " problems")
            << "\n";
  return check.problems.empty() ? 0 : 1;
}

}  // namespace sp::cli
