// Reads `--expansions banquet,new_society` for the commands that set up games.
#pragma once

#include <optional>
#include <string>

#include "engine/options.hpp"

namespace sp::cli {

std::optional<engine::Expansions> parse_expansions(const std::string& text, std::string& error);
// `--expansions` if given (none otherwise), checked against the player count:
// five players need The New Society.
std::optional<engine::Expansions> expansions_for(const std::optional<std::string>& text, int players,
                                                 std::string& error);

}  // namespace sp::cli
