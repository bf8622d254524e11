// spb serve: the table server.
#include <iostream>

#include "server/base/config.hpp"
#include "server/cli/commands.hpp"
#include "server/net/server.hpp"

namespace sp::cli {

int run_serve_command(const std::vector<std::string>& args) {
  std::string error;
  const auto config = server::load_config(args, error);
  if (!config) {
    std::cerr << "spb serve: " << error << "\n\n" << server::config_help();
    return 2;
  }
  return server::run_server(*config);
}

}  // namespace sp::cli
