// spb scenario FILE: runs a scenario file (../shared/spec/scenario.md) and
// prints the outcome as one JSON document.
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "protocol/scenario.hpp"
#include "server/cli/commands.hpp"

namespace sp::cli {

int run_scenario_command(const std::vector<std::string>& args) {
  if (args.size() != 1) {
    std::cerr << "usage: spb scenario FILE.json   (FILE \"-\" reads standard input)\n";
    return 2;
  }
  std::string text;
  if (args[0] == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    std::ifstream in(args[0], std::ios::binary);
    if (!in) {
      std::cerr << "spb scenario: cannot read " << args[0] << "\n";
      std::cout << R"({"error":{"code":"invalid_scenario","message":"cannot read the file"}})" << "\n";
      return 2;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    text = buffer.str();
  }
  const protocol::ScenarioOutcome outcome = protocol::run_scenario(text);
  std::cout << outcome.output.dump(2) << "\n";
  if (outcome.exit_status == 2) std::cerr << "spb scenario: " << outcome.output["error"]["message"].get<std::string>() << "\n";
  return outcome.exit_status;
}

}  // namespace sp::cli
