// spb admin: work on a server's database from the command line. Each
// sub-command is one line of the table below.
#include <iostream>

#include "server/cli/commands.hpp"

namespace sp::cli {
namespace {

struct AdminCommand {
  const char* name;
  const char* summary;
  int (*run)(const std::vector<std::string>& args);
};

constexpr AdminCommand kAdminCommands[] = {
    {"backup", "copy the database consistently, also while the server runs", run_admin_backup_command},
    {"restore", "check a backup by replaying every table, then put it in place of a database",
     run_admin_restore_command},
    {"replay", "rebuild a table from its log: each move in words with its price, the state after any move",
     run_admin_replay_command},
    {"analyse", "judge each decision of a finished game from what its seat could see: costs, summary, accuracy",
     run_admin_analyse_command},
    {"verify", "replay every table, checking each move's state hash; report the first divergence",
     run_admin_verify_command},
    {"ratings", "rate every finished game again, in order, and compare with the stored ratings",
     run_admin_ratings_command},
    {"calibrate-robots", "rate the robot levels: their games against each other, or placed on people's history",
     run_admin_calibrate_command},
    {"export", "write game records (one table or all) as versioned JSON lines", run_admin_export_command},
    {"import", "load game records into a database after replaying them", run_admin_import_command},
    {"tournament-bundle", "write a finished tournament's results bundle, for spb verify-tournament",
     run_admin_tournament_bundle_command},
    {"migrate", "copy a whole database between SQLite and PostgreSQL, then replay every table in the copy",
     run_admin_migrate_command},
};

int admin_usage() {
  std::cerr << "usage: spb admin COMMAND [OPTIONS]\n\ncommands:\n";
  for (const AdminCommand& command : kAdminCommands) {
    std::cerr << "  " << command.name << std::string(18 - std::string(command.name).size(), ' ') << command.summary
              << "\n";
  }
  return 2;
}

}  // namespace

int run_admin_command(const std::vector<std::string>& args) {
  if (args.empty()) return admin_usage();
  for (const AdminCommand& command : kAdminCommands) {
    if (args.front() == command.name) return command.run({args.begin() + 1, args.end()});
  }
  std::cerr << "spb admin: unknown command " << args.front() << "\n\n";
  return admin_usage();
}

}  // namespace sp::cli
