#include "server/cli/table_options.hpp"

#include <sstream>

namespace sp::cli {

std::optional<engine::Expansions> parse_expansions(const std::string& text, std::string& error) {
  engine::Expansions expansions;
  std::stringstream list(text);
  std::string name;
  while (std::getline(list, name, ',')) {
    if (name == "banquet") {
      expansions.banquet = true;
    } else if (name == "new_society") {
      expansions.new_society = true;
    } else if (!name.empty() && name != "none") {
      error = "--expansions takes banquet, new_society or both, separated by a comma";
      return std::nullopt;
    }
  }
  return expansions;
}

std::optional<engine::Expansions> expansions_for(const std::optional<std::string>& text, int players,
                                                 std::string& error) {
  engine::Expansions expansions;
  if (text) {
    const auto read = parse_expansions(*text, error);
    if (!read) return std::nullopt;
    expansions = *read;
  }
  if (players == 5 && !expansions.new_society) {
    error = "five players need --expansions new_society";
    return std::nullopt;
  }
  return expansions;
}

}  // namespace sp::cli
