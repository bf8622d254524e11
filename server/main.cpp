// spb: the Saint Petersburg server's command line.
#include <sys/resource.h>

#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "server/cli/commands.hpp"

namespace {

void usage() {
  std::cerr << "usage: spb COMMAND [OPTIONS]\n\n"
               "commands:\n"
               "  serve           run the table server (HTTP and WebSocket on one port)\n"
               "  admin           work on a server's database: backup, restore, ... (spb admin lists them)\n"
               "  loadgen         play many random games against a running server and measure it\n"
               "  scenario FILE   run a scenario file and print the outcome as JSON\n"
               "  sim             play random games and report games/s and actions/s\n"
               "  random-game     play one game between random players and print the final scoring\n"
               "  robot-match     play robot levels against each other (or random players): wins, scores, times\n"
               "  pace-sim        model correspondence games and report days per game with and without standing orders\n"
               "  verify-deal F   check a finished game's record: its deal and every move (docs/fairness.md)\n"
               "  verify-tournament F  check a finished tournament's bundle: every game, the standings and the\n"
               "                  pairings (docs/tournaments.md)\n";
}

// Thousands of connections need thousands of file descriptors: the server and
// the load generator both run with their soft limit raised to the hard one.
void raise_file_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

}  // namespace

int main(int argc, char** argv) {
  raise_file_limit();
  if (argc < 2) {
    usage();
    return 2;
  }
  const std::string command = argv[1];
  const std::vector<std::string> args(argv + 2, argv + argc);
  try {
    if (command == "serve") return sp::cli::run_serve_command(args);
    if (command == "admin") return sp::cli::run_admin_command(args);
    if (command == "loadgen") return sp::cli::run_loadgen_command(args);
    if (command == "scenario") return sp::cli::run_scenario_command(args);
    if (command == "sim") return sp::cli::run_sim_command(args);
    if (command == "random-game") return sp::cli::run_random_game_command(args);
    if (command == "robot-match") return sp::cli::run_robot_match_command(args);
    if (command == "pace-sim") return sp::cli::run_pace_sim_command(args);
    if (command == "verify-deal") return sp::cli::run_verify_deal_command(args);
    if (command == "verify-tournament") return sp::cli::run_verify_tournament_command(args);
  } catch (const std::exception& e) {
    std::cerr << "spb " << command << ": internal error: " << e.what() << "\n";
    return 3;
  }
  usage();
  return 2;
}
