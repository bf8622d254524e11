// What people's decisions in a stored game cost, and what the robot levels'
// would have cost in their place (docs/ratings.md "Calibrating the robot
// levels"): the game's log replayed as spb admin ratings and verify replay
// it, and at a sample of each person's own decisions (judged_positions.hpp)
// every legal action valued from that seat's view (engine/action_values.hpp);
// a choice's cost is the best value less its own.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/robot_level.hpp"
#include "server/store/records.hpp"

namespace sp::server {

struct JudgingPlan {
  int deals = 24;              // imagined deals per position (action_values)
  std::size_t positions = 8;   // judged decisions per person per game, at most
  std::vector<engine::RobotLevel> levels;  // the levels that choose in the people's place
};

// One person's seat in one game.
struct SeatCosts {
  int seat = 0;
  int positions = 0;          // decisions judged
  double person_cost = 0;     // their summed cost there
  std::vector<double> level_costs;  // each plan level's summed cost at the same positions, in the plan's order
};

// The costs at `people`'s seats of a finished game (`table` and its `moves`,
// as Records::each_started_game gives them). A person's decisions are the
// moves of their seat made by them (actor player: not a standing order, a
// timeout or a robot) that are actions with more than one legal choice.
// The values' deals are drawn from the table and the move, and a level
// chooses as at a table whose robots' seed is drawn from the table
// (robot_action), so the same game gives the same costs on every run. A
// seat with no such decision is left out. Nothing, with `error` set, when
// the log does not replay.
std::optional<std::vector<SeatCosts>> judge_game(const TableRecord& table, const std::vector<MoveRecord>& moves,
                                                 const std::vector<int>& people, const JudgingPlan& plan,
                                                 std::string& error);

}  // namespace sp::server
