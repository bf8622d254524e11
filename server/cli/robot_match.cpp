#include "server/cli/robot_match.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string_view>

#include "server/cli/admin_database.hpp"
#include "server/cli/command_line.hpp"
#include "server/cli/table_options.hpp"

namespace sp::cli {
namespace {

std::optional<std::vector<engine::RobotLevel>> parse_levels(const std::string& text, std::string& error) {
  std::vector<engine::RobotLevel> levels;
  std::string_view rest = text;
  while (true) {
    const std::size_t comma = rest.find(',');
    const std::string_view word = rest.substr(0, comma);
    const auto level = engine::robot_level_from_string(word);
    if (!level) {
      error = "--levels takes levels 0 to " + std::to_string(engine::kRobotLevelCount - 1) +
              " or \"strongest\", separated by commas, not \"" + std::string(word) + "\"";
      return std::nullopt;
    }
    levels.push_back(*level);
    if (comma == std::string_view::npos) return levels;
    rest.remove_prefix(comma + 1);
  }
}

double percent(std::uint64_t count, std::uint64_t games) {
  return games == 0 ? 0.0 : 100.0 * static_cast<double>(count) / static_cast<double>(games);
}

double average(std::int64_t sum, std::uint64_t games) {
  return games == 0 ? 0.0 : static_cast<double>(sum) / static_cast<double>(games);
}

}  // namespace

std::optional<RobotMatchPlan> parse_robot_match(std::vector<std::string> args, std::string& error) {
  RobotMatchPlan plan;
  plan.json = take_switch(args, "json");
  const auto flags = Flags::parse(args, {"games", "players", "robots", "seed", "expansions", "levels"}, error);
  if (!flags) return std::nullopt;
  if (!flags->positional().empty()) {
    error = "unexpected argument " + flags->positional().front();
    return std::nullopt;
  }
  const auto games = flags->number("games", 500, 1, 100000000, error);
  const auto players = flags->number("players", 2, 2, 5, error);
  const auto robots = flags->number("robots", 1, 0, 5, error);
  const auto seed = flags->number("seed", 1, 0, UINT64_MAX, error);
  if (!games || !players || !robots || !seed) return std::nullopt;
  plan.games = *games;
  plan.players = static_cast<int>(*players);
  plan.seed = *seed;
  const auto expansions = expansions_for(flags->get("expansions"), plan.players, error);
  if (!expansions) return std::nullopt;
  plan.expansions = *expansions;
  if (const auto text = flags->get("levels")) {
    if (flags->get("robots")) {
      error = "--levels and --robots do not go together";
      return std::nullopt;
    }
    const auto levels = parse_levels(*text, error);
    if (!levels) return std::nullopt;
    if (static_cast<int>(levels->size()) != plan.players) {
      error = "--levels needs one level a seat: " + std::to_string(plan.players) + " for --players " +
              std::to_string(plan.players);
      return std::nullopt;
    }
    plan.levels = *levels;
    plan.rotate = true;
    return plan;
  }
  if (static_cast<int>(*robots) > plan.players) {
    error = "--robots is at most --players";
    return std::nullopt;
  }
  for (int seat = 0; seat < plan.players; ++seat) {
    plan.levels.push_back(seat < static_cast<int>(*robots) ? engine::RobotLevel::kWorth : engine::RobotLevel::kRandom);
  }
  return plan;
}

MatchGame match_game(const RobotMatchPlan& plan, std::uint64_t game) {
  const auto players = static_cast<std::uint64_t>(plan.players);
  MatchGame match;
  match.deal_seed = plan.seed + (plan.rotate ? game / players : game);
  match.entry_at_seat.resize(players);
  const std::uint64_t turn = plan.rotate ? game % players : 0;
  for (std::size_t e = 0; e < players; ++e) match.entry_at_seat[(e + turn) % players] = e;
  return match;
}

DecisionTimes decision_times(std::vector<double> milliseconds) {
  if (milliseconds.empty()) return {};
  std::sort(milliseconds.begin(), milliseconds.end());
  const auto at = [&](double share) {
    const auto index = static_cast<std::size_t>(share * static_cast<double>(milliseconds.size() - 1) + 0.5);
    return milliseconds[index];
  };
  return DecisionTimes{at(0.50), at(0.99), milliseconds.back()};
}

std::string robot_match_json(const RobotMatchPlan& plan, const RobotMatchResult& result) {
  nlohmann::json levels = nlohmann::json::array(), wins = nlohmann::json::array(),
                 shared = nlohmann::json::array(), points = nlohmann::json::array(),
                 penalty = nlohmann::json::array(), times = nlohmann::json::array();
  for (std::size_t e = 0; e < result.entries.size(); ++e) {
    const EntryTally& t = result.entries[e];
    levels.push_back(static_cast<int>(plan.levels[e]));
    wins.push_back(percent(t.wins, result.games));
    shared.push_back(percent(t.shared_wins, result.games));
    points.push_back(average(t.points, result.games));
    penalty.push_back(average(t.hand_penalty, result.games));
    const DecisionTimes d = decision_times(t.decision_ms);
    times.push_back({{"p50", d.p50_ms}, {"p99", d.p99_ms}, {"max", d.max_ms}});
  }
  const nlohmann::json summary = {
      {"games", result.games},         {"players", plan.players},   {"seed", plan.seed},
      {"levels", levels},              {"wins", wins},              {"shared_wins", shared},
      {"average_points", points},      {"hand_penalty", penalty},   {"decision_ms", times},
      {"actions", result.actions},     {"seconds", result.seconds},
  };
  return summary.dump();
}

}  // namespace sp::cli
