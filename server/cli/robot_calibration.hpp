// spb admin calibrate-robots (docs/ratings.md "Calibrating the robot
// levels"): the robot levels 1 to 3 play each other at seeded deals, and
// each game is stored as a finished, rated game of robots alone, through the
// same records and the same results step as a served table's last move, so
// that the levels' accounts get ratings that mean something before people
// meet them, and `spb admin ratings` computes them again from the logs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/options.hpp"
#include "engine/robot_level.hpp"
#include "server/base/clock.hpp"
#include "server/cli/command_line.hpp"
#include "server/store/store.hpp"

namespace sp::cli {

struct CalibrationPlan {
  std::uint64_t games = 0;
  int players = 2;
  std::uint64_t seed = 1;
  engine::Expansions expansions;
};

// The plan from --games (needed), --players, --seed and --expansions, or
// nothing with `error` set.
std::optional<CalibrationPlan> calibration_plan(const Flags& flags, std::string& error);

// The level at each seat of game `game`: deal d = game / players plays the
// levels in turn from level 1 + d % 3 (1,2 then 2,3 then 3,1 with two
// players; 1,2,3,1 then 2,3,1,2 ... with four), and its games turn them by
// one seat each, as spb robot-match turns its entries, so that every level
// plays every seat of the same deals.
std::vector<engine::RobotLevel> calibration_levels(const CalibrationPlan& plan, std::uint64_t game);

// One game played, not yet stored: its table as lobby_requests.cpp creates
// one, dealt from a seed rather than a fair deal's secret (nobody sits to be
// dealt fairly, and the same seed must give the same games); the level that
// chose each seat's moves; its moves and final state.
struct PlayedGame {
  server::TableRecord table;
  std::vector<engine::RobotLevel> levels;
  std::string start_hash;
  std::vector<server::MoveRecord> moves;
  engine::GameState end;
};

// Plays a game of one seat per level, dealt from `deal_seed`, each seat's
// moves chosen as a served table's robot chooses them (robot_action, the
// table's robot seed, no time budget) and recorded as `actor`'s. Nothing
// with `error` set when the game cannot be dealt or played to its end.
std::optional<PlayedGame> play_levels_game(const std::string& name, const engine::Expansions& expansions,
                                           std::uint64_t deal_seed, const std::vector<engine::RobotLevel>& levels,
                                           server::Actor actor, std::int64_t now, std::string& error);

// Stores a played game in the store job `db` as a served table would have
// written it over its life: the table with `users` at its seats (robots at
// their levels when `robots`, else people), `rated`, its start, every move,
// the snapshot, and the results and ratings by write_aftermath as at a
// served game's last move. Its table's id.
std::int64_t store_played_game(server::Records& db, PlayedGame played, const std::vector<std::int64_t>& users,
                               bool robots, std::int64_t now);

struct CalibrationOutcome {
  std::vector<std::int64_t> tables;  // the stored games, in the order played
  server::RatingPool pool = server::RatingPool::kTwoPlayer;
  // Each level's account's rating in the pool after the games, level 1 first.
  std::vector<std::optional<server::RatingRecord>> ratings;
};

// Plays and stores the plan's games, each in one store job: the table, its
// robot seats at their levels, `rated`, the start, every move (actor robot),
// the snapshot, and the results and ratings of write_aftermath; each game is
// played before its job, so the database is not held while robots think. A
// game stored stays stored if a later one fails. Nothing with `error` set
// when a game cannot be dealt or played to its end. Throws DatabaseError.
std::optional<CalibrationOutcome> calibrate_robots(server::Store& store, const CalibrationPlan& plan,
                                                   const server::Clock& clock, std::string& error);

}  // namespace sp::cli
