// spb serve: the table server.
#include <iostream>

#include "server/base/config.hpp"
#include "server/cli/commands.hpp"
#include "server/net/server.hpp"
#include "server/store/database_error.hpp"
#include "server/store/open_backend.hpp"

namespace sp::cli {

int run_serve_command(const std::vector<std::string>& args) {
  std::string error;
  const auto config = server::load_config(args, error);
  if (!config) {
    std::cerr << "spb serve: " << error << "\n\n" << server::config_help();
    return 2;
  }
  try {
    return server::run_server(*config);
  } catch (const server::DatabaseError& e) {
    // At start-up: the database cannot be opened or migrated (PostgreSQL
    // down, a wrong password, a file that is no database).
    std::cerr << "spb serve: the database " << server::printable_location(config->database)
              << " cannot be used: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace sp::cli
