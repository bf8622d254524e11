// spb robot-match's command line and its --json summary (issue 33).
#include "server/cli/robot_match.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

using namespace sp::cli;
using sp::engine::RobotLevel;

namespace {

std::optional<RobotMatchPlan> parse(std::vector<std::string> args, std::string& error) {
  return parse_robot_match(std::move(args), error);
}

}  // namespace

TEST_CASE("robot-match without --levels is today's match: robots first, random players after") {
  std::string error;
  const auto plan = parse({"--games", "7", "--players", "3", "--robots", "2", "--seed", "9"}, error);
  REQUIRE(plan.has_value());
  CHECK(plan->games == 7);
  CHECK(plan->players == 3);
  CHECK(plan->seed == 9);
  CHECK(plan->levels == std::vector<RobotLevel>{RobotLevel::kWorth, RobotLevel::kWorth, RobotLevel::kRandom});
  CHECK_FALSE(plan->rotate);
  CHECK_FALSE(plan->json);
}

TEST_CASE("robot-match --levels takes one level a seat, rotates the seats, and reads --json") {
  std::string error;
  const auto plan = parse({"--players", "4", "--levels", "strongest,1,0,2", "--json", "--expansions",
                           "banquet,new_society"},
                          error);
  REQUIRE(plan.has_value());
  CHECK(plan->levels == std::vector<RobotLevel>{sp::engine::kStrongestRobot, RobotLevel::kWorth,
                                                RobotLevel::kRandom, RobotLevel::kQuickSearch});
  CHECK(plan->rotate);
  CHECK(plan->json);
  CHECK(plan->expansions.banquet);
  CHECK(plan->expansions.new_society);
}

TEST_CASE("robot-match refuses levels that do not fit the table") {
  std::string error;
  CHECK_FALSE(parse({"--players", "2", "--levels", "1,1,1"}, error).has_value());
  CHECK(error.find("one level a seat") != std::string::npos);
  CHECK_FALSE(parse({"--levels", "1,best"}, error).has_value());
  CHECK(error.find("\"best\"") != std::string::npos);
  CHECK_FALSE(parse({"--levels", "1,"}, error).has_value());
  CHECK_FALSE(parse({"--levels", "1,4"}, error).has_value());
  CHECK_FALSE(parse({"--levels", "1,1", "--robots", "1"}, error).has_value());
  CHECK(error.find("do not go together") != std::string::npos);
  CHECK_FALSE(parse({"--players", "3", "--robots", "4"}, error).has_value());
  CHECK_FALSE(parse({"--players", "5", "--levels", "1,1,1,1,1"}, error).has_value());
  CHECK(error.find("new_society") != std::string::npos);
  CHECK_FALSE(parse({"--games", "0"}, error).has_value());
  CHECK_FALSE(parse({"stray"}, error).has_value());
}

TEST_CASE("robot-match --levels: every level plays every seat of each deal") {
  std::string error;
  const auto plan = parse({"--players", "3", "--levels", "3,1,0", "--seed", "40"}, error);
  REQUIRE(plan.has_value());
  for (std::uint64_t deal = 0; deal < 2; ++deal) {
    std::vector<std::vector<bool>> played(3, std::vector<bool>(3, false));  // [entry][seat]
    for (std::uint64_t g = 3 * deal; g < 3 * deal + 3; ++g) {
      const MatchGame game = match_game(*plan, g);
      CHECK(game.deal_seed == 40 + deal);
      for (std::size_t seat = 0; seat < 3; ++seat) played[game.entry_at_seat[seat]][seat] = true;
    }
    for (const auto& seats : played) CHECK(seats == std::vector<bool>{true, true, true});
  }
  const auto today = parse({"--players", "3", "--robots", "1", "--seed", "40"}, error);
  REQUIRE(today.has_value());
  CHECK(match_game(*today, 5).deal_seed == 45);
  CHECK(match_game(*today, 5).entry_at_seat == std::vector<std::size_t>{0, 1, 2});
}

TEST_CASE("decision times: the median, the 99th percentile and the slowest") {
  std::vector<double> times;
  for (int i = 100; i >= 1; --i) times.push_back(i);
  const DecisionTimes d = decision_times(times);
  CHECK(d.p50_ms == doctest::Approx(51));
  CHECK(d.p99_ms == doctest::Approx(99));
  CHECK(d.max_ms == doctest::Approx(100));
  CHECK(decision_times({}).max_ms == 0);
}

TEST_CASE("robot-match --json: one object with each level's wins, points and decision times in order") {
  RobotMatchPlan plan;
  plan.players = 2;
  plan.levels = {RobotLevel::kDeepSearch, RobotLevel::kWorth};
  plan.rotate = true;
  RobotMatchResult result;
  result.games = 4;
  result.actions = 321;
  result.entries.resize(2);
  result.entries[0].wins = 3;
  result.entries[0].points = 400;
  result.entries[0].decision_ms = {2.0, 4.0, 8.0};
  result.entries[1].wins = 0;
  result.entries[1].shared_wins = 1;
  result.entries[1].points = 300;
  result.entries[1].decision_ms = {0.01};

  const std::string line = robot_match_json(plan, result);
  CHECK(line.find('\n') == std::string::npos);
  const auto summary = nlohmann::json::parse(line);
  CHECK(summary.at("games") == 4);
  CHECK(summary.at("levels") == nlohmann::json::array({3, 1}));
  CHECK(summary.at("wins").at(0).get<double>() == doctest::Approx(75.0));
  CHECK(summary.at("wins").at(1).get<double>() == doctest::Approx(0.0));
  CHECK(summary.at("shared_wins").at(1).get<double>() == doctest::Approx(25.0));
  CHECK(summary.at("average_points").at(0).get<double>() == doctest::Approx(100.0));
  CHECK(summary.at("average_points").at(1).get<double>() == doctest::Approx(75.0));
  REQUIRE(summary.at("decision_ms").size() == 2);
  CHECK(summary.at("decision_ms").at(0).at("p50").get<double>() == doctest::Approx(4.0));
  CHECK(summary.at("decision_ms").at(0).at("max").get<double>() == doctest::Approx(8.0));
  CHECK(summary.at("decision_ms").at(1).at("p99").get<double>() == doctest::Approx(0.01));
}
