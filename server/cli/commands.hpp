// The spb subcommands. Each takes the arguments after its name and returns the
// process exit status.
#pragma once

#include <string>
#include <vector>

namespace sp::cli {

int run_scenario_command(const std::vector<std::string>& args);
int run_sim_command(const std::vector<std::string>& args);
int run_random_game_command(const std::vector<std::string>& args);
int run_serve_command(const std::vector<std::string>& args);
int run_loadgen_command(const std::vector<std::string>& args);
int run_robot_match_command(const std::vector<std::string>& args);
int run_pace_sim_command(const std::vector<std::string>& args);
int run_verify_deal_command(const std::vector<std::string>& args);
int run_verify_tournament_command(const std::vector<std::string>& args);

// spb admin: runs one of the run_admin_*_command functions (the table in admin_command.cpp).
int run_admin_command(const std::vector<std::string>& args);
int run_admin_backup_command(const std::vector<std::string>& args);
int run_admin_restore_command(const std::vector<std::string>& args);
int run_admin_replay_command(const std::vector<std::string>& args);
int run_admin_analyse_command(const std::vector<std::string>& args);
int run_admin_verify_command(const std::vector<std::string>& args);
int run_admin_ratings_command(const std::vector<std::string>& args);
int run_admin_calibrate_command(const std::vector<std::string>& args);
int run_admin_export_command(const std::vector<std::string>& args);
int run_admin_import_command(const std::vector<std::string>& args);
int run_admin_tournament_bundle_command(const std::vector<std::string>& args);
int run_admin_migrate_command(const std::vector<std::string>& args);

}  // namespace sp::cli
