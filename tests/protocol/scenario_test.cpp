#include "protocol/scenario.hpp"

#include <doctest/doctest.h>

using nlohmann::json;
using sp::protocol::run_scenario;

TEST_CASE("a scenario whose expectations hold exits 0 and reports each action") {
  const auto outcome = run_scenario(R"({
    "players": ["Ann", "Bob"],
    "setup": { "seed": 3, "stacks": { "worker": ["lumberjack", "gold_miner", "shepherd", "fur_trapper", "lumberjack"] },
               "starting_markers": { "worker": 0, "building": 1, "aristocrat": 0, "trading": 1 } },
    "actions": [ { "seat": 0, "type": "buy", "card": "lumberjack", "from": "upper" },
                 { "seat": 0, "type": "pass" } ],
    "expect": { "phase": "worker", "to_act": [1], "players": [ { "seat": 0, "rubles": 22, "tableau": ["lumberjack"] } ] }
  })");
  CHECK(outcome.exit_status == 0);
  CHECK(outcome.output.at("results").at(0).at("ok") == true);
  CHECK(outcome.output.at("results").at(1).at("ok") == false);
  CHECK(outcome.output.at("results").at(1).at("error").at("code") == "not_your_turn");
  CHECK(outcome.output.at("expect").at("ok") == true);
}

TEST_CASE("a failed expectation exits 1 and names the field") {
  const auto outcome = run_scenario(R"({ "players": ["Ann", "Bob"], "expect": { "players": [ { "seat": 1, "rubles": 99 } ] } })");
  CHECK(outcome.exit_status == 1);
  const json& mismatch = outcome.output.at("expect").at("mismatches").at(0);
  CHECK(mismatch.at("path") == "players[seat=1].rubles");
  CHECK(mismatch.at("expected") == 99);
  CHECK(mismatch.at("actual") == 25);
}

TEST_CASE("an invalid file exits 2 and says where") {
  const auto not_json = run_scenario("{ players: ");
  CHECK(not_json.exit_status == 2);
  const auto bad_stack = run_scenario(R"({ "players": ["A", "B"], "setup": { "stacks": { "worker": ["market"] } } })");
  CHECK(bad_stack.exit_status == 2);
  CHECK(bad_stack.output.at("error").at("message").get<std::string>().find("Market") != std::string::npos);
  const auto bad_action = run_scenario(R"({ "players": ["A", "B"], "actions": [ { "type": "pass" } ] })");
  CHECK(bad_action.exit_status == 2);
  CHECK(bad_action.output.at("error").at("message").get<std::string>().find("actions[0].seat") != std::string::npos);
}

TEST_CASE("an unknown card in an action is a refused action, and play goes on") {
  const auto outcome = run_scenario(R"({ "players": ["A", "B"], "setup": { "starting_markers": { "worker": 0, "building": 1, "aristocrat": 0, "trading": 1 } },
    "actions": [ { "seat": 0, "type": "buy", "card": "dragon", "from": "upper" }, { "seat": 0, "type": "pass" } ],
    "expect": { "to_act": [1] } })");
  CHECK(outcome.exit_status == 0);
  CHECK(outcome.output.at("results").at(0).at("error").at("code") == "unknown_card");
}
