// Scenario files (../shared/spec/scenario.md): one table with a fixed setup, a
// list of actions played through the engine, and an optional partial `expect`
// on the final state. No server, no database.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace sp::protocol {

struct ScenarioOutcome {
  int exit_status = 0;    // 0 ok, 1 an expectation failed, 2 the file is invalid
  nlohmann::json output;  // what `spb scenario` prints
};

ScenarioOutcome run_scenario(const std::string& text);

// Partial match: every field of `expected` must equal `actual`'s; arrays of
// objects with a "seat" match element by seat, other arrays as a whole. Each
// mismatch is appended as {path, expected, actual}.
void match_partial(const nlohmann::json& expected, const nlohmann::json& actual, const std::string& path,
                   nlohmann::json& mismatches);

}  // namespace sp::protocol
