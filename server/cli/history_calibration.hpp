// spb admin calibrate-robots --from-history (docs/ratings.md "Calibrating
// the robot levels"): the robot levels placed on the rating scale of the
// site's people. Each person's own decisions in finished, rated games are
// judged (server/admin/decision_costs.hpp); their ratings before those games
// are fitted against their mean cost per decision (server/ratings/
// rating_fit.hpp); each level, choosing at the same positions, is placed on
// the line at its own mean cost. With --apply a level's account starts
// there in a pool where it has no rated game yet.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/admin/decision_costs.hpp"
#include "server/base/clock.hpp"
#include "server/cli/command_line.hpp"
#include "server/ratings/rating_fit.hpp"
#include "server/store/store.hpp"

namespace sp::cli {

struct HistoryPlan {
  std::optional<std::uint64_t> max_games;  // the latest games only; nothing: all of them
  server::JudgingPlan judging;             // levels 1 to 3
};

// The plan from --max-games, --positions and --deals, or nothing with
// `error` set (also for the options of the levels' games against each other).
std::optional<HistoryPlan> history_plan(const Flags& flags, std::string& error);

// A level placed in one pool.
struct LevelPlacement {
  engine::RobotLevel level = engine::RobotLevel::kWorth;
  int positions = 0;
  double mean_cost = 0;
  double placed = 0;  // mu: fit.a + fit.b * mean_cost
  // After apply_placements: whether its account now starts at `placed`, and if not why.
  std::string applied;
};

struct PoolPlacement {
  server::RatingPool pool = server::RatingPool::kTwoPlayer;
  int games = 0;      // games judged
  int positions = 0;  // people's decisions judged
  std::vector<ratings::CostSample> samples;
  std::optional<ratings::RatingFit> fit;
  std::string refusal;  // why there is no fit
  std::vector<LevelPlacement> levels;  // empty without a fit
};

// Reads the finished games rated in people's pools (two_player, multiplayer)
// with a person seated, the latest plan.max_games of them, judges them and
// places the levels in each pool, one entry a pool that has such games.
// Writes nothing. Nothing with `error` set when a game's log does not
// replay. Throws DatabaseError.
std::optional<std::vector<PoolPlacement>> calibrate_from_history(server::Store& store, const HistoryPlan& plan,
                                                                 std::string& error);

// --apply: writes each placed level's starting rating (mu, and a sigma from
// the fit's spread, between a third of a newcomer's and a newcomer's) where
// its account has no rated game in the pool, and logs it (calibrate-robots)
// in the administrators' log; a pool whose fit does not slope down (higher
// ratings, lower costs) writes nothing. Says in each level's `applied` what
// was done. Throws DatabaseError.
void apply_placements(server::Store& store, std::vector<PoolPlacement>& pools, const server::Clock& clock);

}  // namespace sp::cli
