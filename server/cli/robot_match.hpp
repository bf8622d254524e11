// spb robot-match (issue 33): robot levels played against each other at
// seeded deals, their wins, scores and decision times. The command line is read
// here and the summary written here, apart from the games, so both are tested
// (tests/server/robot_match_test.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/options.hpp"
#include "engine/robot_level.hpp"

namespace sp::cli {

// What a command line asks for.
struct RobotMatchPlan {
  std::uint64_t games = 500;
  int players = 2;
  std::uint64_t seed = 1;
  engine::Expansions expansions;
  // One level a seat. With --levels the seats rotate: game g plays deal
  // seed + g / players with entry e at seat (e + g) % players, so every level
  // plays every seat of the same deals. Without, it is today's match: --robots
  // robots (level 1) at the first seats, random players (level 0) at the
  // others, a new deal each game.
  std::vector<engine::RobotLevel> levels;
  bool rotate = false;
  bool json = false;
};

// Where game `game` of the plan is played: its deal's seed, and the entry
// (index into `levels`) at each seat.
struct MatchGame {
  std::uint64_t deal_seed = 0;
  std::vector<std::size_t> entry_at_seat;
};

MatchGame match_game(const RobotMatchPlan& plan, std::uint64_t game);

// The plan, or nothing with `error` set.
std::optional<RobotMatchPlan> parse_robot_match(std::vector<std::string> args, std::string& error);

// Percentiles of one entry's decision times.
struct DecisionTimes {
  double p50_ms = 0;
  double p99_ms = 0;
  double max_ms = 0;
};

DecisionTimes decision_times(std::vector<double> milliseconds);

// What each entry (one a seat, in the plan's order) did over the match.
struct EntryTally {
  std::uint64_t wins = 0;         // first place alone
  std::uint64_t shared_wins = 0;  // first place shared
  std::int64_t points = 0;
  std::int64_t hand_penalty = 0;
  std::vector<double> decision_ms;
};

struct RobotMatchResult {
  std::uint64_t games = 0;
  std::uint64_t actions = 0;
  double seconds = 0;
  std::vector<EntryTally> entries;
};

// One line of JSON: games, players, levels, wins and shared_wins (percent of
// games), average_points, hand_penalty (average), decision_ms (p50, p99, max a
// level), actions and seconds.
std::string robot_match_json(const RobotMatchPlan& plan, const RobotMatchResult& result);

}  // namespace sp::cli
