// spb robot-match: robot levels against each other on seeded deals (issue 33),
// or, without --levels, today's robots at the first seats against random
// players at the others; prints each seat's or level's wins, average final
// score and decision times, and with --json a summary as the last line.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <vector>

#include "engine/rules.hpp"
#include "engine/setup.hpp"
#include "server/cli/commands.hpp"
#include "server/cli/robot_match.hpp"

namespace sp::cli {
namespace {

constexpr std::uint64_t kMaxActions = 100000;  // a game longer than this is a bug

const char* seat_role(engine::RobotLevel level) { return level == engine::RobotLevel::kRandom ? "random" : "robot"; }

void print_entries(const RobotMatchPlan& plan, const RobotMatchResult& result) {
  const double n = static_cast<double>(result.games);
  for (std::size_t e = 0; e < result.entries.size(); ++e) {
    const EntryTally& t = result.entries[e];
    if (plan.rotate) {
      std::printf("level %d (entry %zu)", static_cast<int>(plan.levels[e]), e);
    } else {
      std::printf("seat %zu %-6s", e, seat_role(plan.levels[e]));
    }
    std::printf("  wins: %5.1f%%  shared wins: %4.1f%%  average score: %5.1f  hand penalty: %5.2f",
                100.0 * static_cast<double>(t.wins) / n, 100.0 * static_cast<double>(t.shared_wins) / n,
                static_cast<double>(t.points) / n, static_cast<double>(t.hand_penalty) / n);
    if (plan.rotate) {
      const DecisionTimes d = decision_times(t.decision_ms);
      std::printf("  decision ms p50 %.3f p99 %.3f max %.3f", d.p50_ms, d.p99_ms, d.max_ms);
    }
    std::printf("\n");
  }
}

// Plays one game; false if it did not end.
bool play_game(const RobotMatchPlan& plan, std::uint64_t game, RobotMatchResult& result, std::string& error) {
  const auto players = static_cast<std::size_t>(plan.players);
  const MatchGame match = match_game(plan, game);
  engine::GameSetup setup;
  setup.player_count = plan.players;
  setup.options.expansions = plan.expansions;
  setup.seed = match.deal_seed;
  auto state = engine::new_game(setup);
  if (!state) {
    error = state.error().message;
    return false;
  }
  const std::vector<std::size_t>& entry_at = match.entry_at_seat;

  for (std::uint64_t n = 0; n < kMaxActions && !state->is_finished(); ++n) {
    const engine::Seat seat = state->current;
    const std::size_t entry = entry_at[seat.value];
    engine::Rng rng((setup.seed ^ 0x5DEECE66Dull) ^ (static_cast<std::uint64_t>(state->move_number) * 0x9E3779B97F4A7C15ull));
    const auto start = std::chrono::steady_clock::now();
    const engine::Action action = engine::choose_robot_action(*state, seat, rng, plan.levels[entry]);
    const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
    result.entries[entry].decision_ms.push_back(took.count());
    if (!engine::apply_in_place(*state, seat, action, nullptr).has_value()) {
      error = "a robot chose an illegal action in the game with seed " + std::to_string(setup.seed);
      return false;
    }
    ++result.actions;
  }
  if (!state->is_finished()) {
    error = "the game with seed " + std::to_string(setup.seed) + " did not end";
    return false;
  }
  int first = 0;
  for (std::size_t s = 0; s < players; ++s) first += state->final_scores[s].place == 1 ? 1 : 0;
  for (std::size_t s = 0; s < players; ++s) {
    const engine::FinalScore& score = state->final_scores[s];
    EntryTally& t = result.entries[entry_at[s]];
    if (score.place == 1) ++(first == 1 ? t.wins : t.shared_wins);
    t.points += score.total;
    t.hand_penalty += score.hand_penalty;
  }
  ++result.games;
  return true;
}

}  // namespace

int run_robot_match_command(const std::vector<std::string>& args) {
  std::string error;
  const auto plan = parse_robot_match(args, error);
  if (!plan) {
    std::cerr << "spb robot-match: " << error
              << "\nusage: spb robot-match [--games N] [--players 2-5] [--robots N | --levels L0,L1,...]"
                 " [--seed S] [--expansions banquet,new_society] [--json]\n"
                 "  a level is 0 (random), 1 (today's robot), 2, 3 or strongest; one a seat\n";
    return 2;
  }
  RobotMatchResult result;
  result.entries.resize(plan->levels.size());
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t g = 0; g < plan->games; ++g) {
    if (!play_game(*plan, g, result, error)) {
      std::cerr << "spb robot-match: " << error << "\n";
      return 1;
    }
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  print_entries(*plan, result);
  std::uint64_t robot_decisions = 0;
  for (std::size_t e = 0; e < result.entries.size(); ++e) {
    if (plan->levels[e] != engine::RobotLevel::kRandom) robot_decisions += result.entries[e].decision_ms.size();
  }
  std::printf("games: %llu  actions: %llu  robot decisions: %llu  seconds: %.3f\n",
              static_cast<unsigned long long>(result.games), static_cast<unsigned long long>(result.actions),
              static_cast<unsigned long long>(robot_decisions), result.seconds);
  if (plan->json) std::printf("%s\n", robot_match_json(*plan, result).c_str());
  return 0;
}

}  // namespace sp::cli
