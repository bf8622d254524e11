// The versions a stored table was recorded under. A game replays only under
// the card set and rules it was started with, and this binary carries exactly
// one of each: a table recorded under others is refused rather than replayed
// under rules it was not played by.
#pragma once

#include <string>

#include "server/store/records.hpp"

namespace sp::server {

// The rules version this server plays; stored with every table it creates
// (game_tables.rules_version).
inline constexpr int kRulesVersion = 1;

// Empty when `record` was recorded under this binary's card set and rules
// version; otherwise a sentence naming both.
std::string version_mismatch(const TableRecord& record);

}  // namespace sp::server
