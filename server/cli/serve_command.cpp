// spb serve: the table server.
#include <spdlog/spdlog.h>

#include <boost/system/system_error.hpp>
#include <iostream>

#include "server/base/config.hpp"
#include "server/base/logging.hpp"
#include "server/cli/commands.hpp"
#include "server/net/server.hpp"
#include "server/store/database_error.hpp"
#include "server/store/open_backend.hpp"

namespace sp::cli {
namespace {

bool asks_for_help(const std::vector<std::string>& args) {
  return args.size() == 1 && (args[0] == "--help" || args[0] == "-h" || args[0] == "help");
}

}  // namespace

int run_serve_command(const std::vector<std::string>& args) {
  if (asks_for_help(args)) {
    std::cout << "usage: spb serve [--option value]...\n\n" << server::config_help();
    return 0;
  }
  std::string error;
  const auto config = server::load_config(args, error);
  if (!config) {
    std::cerr << "spb serve: " << error << "\n\n" << server::config_help();
    return 2;
  }
  // From here on every line, the fatal ones included, is in the chosen format:
  // a log collector reading JSON must see why a node did not start.
  server::configure_logging(*config);
  try {
    return server::run_server(*config);
  } catch (const server::DatabaseError& e) {
    // At start-up: the database cannot be opened or migrated (PostgreSQL
    // down, a wrong password, a file that is no database).
    spdlog::critical("spb serve: the database {} cannot be used: {}", server::printable_location(config->database),
                     e.what());
    return 1;
  } catch (const boost::system::system_error& e) {
    // The listening address taken or not this host's: refused before any
    // table's lease is taken (run_server binds first).
    spdlog::critical("spb serve: cannot listen on {}:{}: {}", config->address, config->port, e.code().message());
    return 1;
  }
}

}  // namespace sp::cli
