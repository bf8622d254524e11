// spb admin calibrate-robots (docs/ratings.md "Calibrating the robot
// levels"): the levels' games are stored as finished, rated games any tool
// reads like a served game's, the levels' accounts are rated by them, and
// `spb admin ratings` computes the same ratings again from the logs.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "server/admin/ratings_check.hpp"
#include "server/cli/robot_calibration.hpp"
#include "server/store/open_backend.hpp"
#include "server/table/game_record.hpp"
#include "tests/support/each_backend.hpp"

namespace {

using namespace sp::server;
using sp::cli::CalibrationOutcome;
using sp::cli::CalibrationPlan;
using sp::engine::RobotLevel;

constexpr std::int64_t kNow = 1'800'000'000;

int level(RobotLevel l) { return static_cast<int>(l); }

std::vector<int> levels_of(const CalibrationPlan& plan, std::uint64_t game) {
  std::vector<int> at_seat;
  for (const RobotLevel l : sp::cli::calibration_levels(plan, game)) at_seat.push_back(level(l));
  return at_seat;
}

std::optional<CalibrationPlan> plan_of(std::vector<std::string> args, std::string& error) {
  const auto flags = sp::cli::Flags::parse(args, {"games", "players", "seed", "expansions"}, error);
  if (!flags) return std::nullopt;
  return sp::cli::calibration_plan(*flags, error);
}

CalibrationOutcome calibrate(Store& store, const CalibrationPlan& plan) {
  std::string error;
  const ManualClock clock{kNow};
  const auto outcome = sp::cli::calibrate_robots(store, plan, clock, error);
  INFO(error);
  REQUIRE(outcome.has_value());
  return *outcome;
}

// What the stored games show: each a finished table whose record replays,
// with every move the robots', and a rated result for each seat under its
// level's account.
void check_stored(Store& store, const CalibrationPlan& plan, const CalibrationOutcome& outcome) {
  store.run_sync([&](Records& db) {
    REQUIRE(outcome.tables.size() == plan.games);
    for (std::uint64_t game = 0; game < plan.games; ++game) {
      const std::int64_t id = outcome.tables[game];
      const auto table = db.load_table(id);
      REQUIRE(table.has_value());
      CHECK(table->status == TableStatus::kFinished);
      CHECK(db.table_terms(id).rated);
      const std::vector<MoveRecord> moves = db.load_moves(id);
      CHECK(std::all_of(moves.begin(), moves.end(), [](const MoveRecord& m) { return m.actor == Actor::kRobot; }));
      const auto record = record_of(*table, moves);
      REQUIRE(record.has_value());
      CHECK(record->moves.size() == moves.size());
      const std::vector<int> levels = levels_of(plan, game);
      for (const SeatRecord& seat : table->seats) {
        CHECK(seat.robot);
        CHECK(seat.controller == SeatController::kRobot);
        CHECK(level(*seat.robot_level) == levels[static_cast<std::size_t>(seat.seat)]);
      }
    }
    for (const GameResultRecord& r : db.all_game_results()) {
      CHECK(r.pool == pool_for(plan.players));
      REQUIRE(r.robot_level.has_value());
      CHECK(r.user_id == db.robot_level_user(*r.robot_level));
    }
    const RatingsCheck check = check_ratings(db);
    for (const std::string& problem : check.problems) FAIL_CHECK(problem);
    CHECK(check.games == static_cast<std::int64_t>(plan.games));
    CHECK(check.rated == static_cast<std::int64_t>(plan.games));
  });
}

TEST_CASE("calibration turns the levels through the seats of the same deals, three levels over three deals") {
  std::string error;
  const auto two = plan_of({"--games", "6"}, error);
  REQUIRE(two.has_value());
  CHECK(levels_of(*two, 0) == std::vector<int>{1, 2});
  CHECK(levels_of(*two, 1) == std::vector<int>{2, 1});
  CHECK(levels_of(*two, 2) == std::vector<int>{2, 3});
  CHECK(levels_of(*two, 3) == std::vector<int>{3, 2});
  CHECK(levels_of(*two, 4) == std::vector<int>{3, 1});
  CHECK(levels_of(*two, 5) == std::vector<int>{1, 3});
  const auto four = plan_of({"--games", "8", "--players", "4"}, error);
  REQUIRE(four.has_value());
  CHECK(levels_of(*four, 0) == std::vector<int>{1, 2, 3, 1});
  CHECK(levels_of(*four, 1) == std::vector<int>{1, 1, 2, 3});
  CHECK(levels_of(*four, 4) == std::vector<int>{2, 3, 1, 2});
}

TEST_CASE("calibrate-robots needs a number of games, and five players the new society") {
  std::string error;
  CHECK_FALSE(plan_of({"--players", "3"}, error).has_value());
  CHECK(error == "give --games N");
  error.clear();
  CHECK_FALSE(plan_of({"--games", "2", "--players", "5"}, error).has_value());
  CHECK(error == "five players need --expansions new_society");
  error.clear();
  CHECK_FALSE(plan_of({"--games", "2", "--players", "6"}, error).has_value());
  const auto five = plan_of({"--games", "2", "--players", "5", "--expansions", "new_society", "--seed", "4"}, error);
  REQUIRE(five.has_value());
  CHECK(five->seed == 4);
}

TEST_CASE("calibration games are stored as finished, rated games that replay, and spb admin ratings agrees") {
  sp::test::TempDir dir;
  Store store(open_migrated_backend(sp::test::each_backend(dir), false), StoreOptions{}.max_batch);
  std::string error;
  // Levels 1 and 2 (the first deal, both ways round): a search of level 3
  // takes seconds a game, too long to run on both backends.
  const auto plan = plan_of({"--games", "2", "--players", "2", "--seed", "5"}, error);
  REQUIRE(plan.has_value());
  const CalibrationOutcome outcome = calibrate(store, *plan);
  check_stored(store, *plan, outcome);
  CHECK(outcome.pool == RatingPool::kTwoPlayer);
  REQUIRE(outcome.ratings.size() == 3);
  REQUIRE(outcome.ratings[0].has_value());
  REQUIRE(outcome.ratings[1].has_value());
  CHECK(outcome.ratings[0]->games == 2);
  CHECK(outcome.ratings[1]->games == 2);
  CHECK_FALSE(outcome.ratings[2].has_value());
}

TEST_CASE("calibration is deterministic: the same seed plays the same games to the same ratings") {
  sp::test::TempDir dir;
  std::string error;
  const auto plan = plan_of({"--games", "2", "--seed", "11"}, error);
  REQUIRE(plan.has_value());
  std::vector<std::vector<std::string>> hashes(2);
  std::vector<CalibrationOutcome> outcomes;
  for (int run = 0; run < 2; ++run) {
    Store store(StoreOptions{dir.file("run" + std::to_string(run) + ".sqlite"), false});
    outcomes.push_back(calibrate(store, *plan));
    store.run_sync([&](Records& db) {
      for (const std::int64_t id : outcomes.back().tables) {
        for (const MoveRecord& m : db.load_moves(id)) hashes[static_cast<std::size_t>(run)].push_back(m.state_hash);
      }
    });
  }
  CHECK_FALSE(hashes[0].empty());
  CHECK(hashes[0] == hashes[1]);
  for (const CalibrationOutcome& outcome : outcomes) {
    REQUIRE(outcome.ratings[0].has_value());
    REQUIRE(outcome.ratings[1].has_value());
    CHECK_FALSE(outcome.ratings[2].has_value());  // level 3 plays from the second deal on
  }
  CHECK(outcomes[0].ratings[0]->mu == outcomes[1].ratings[0]->mu);
  CHECK(outcomes[0].ratings[1]->mu == outcomes[1].ratings[1]->mu);
}

// Measured strength (docs/robot.md "Strength"): level 3 wins 87% of
// two-player games against level 1. Over 12 two-player games (four of each
// pair of levels, each deal both ways round), only level 3 ending above
// level 1 is asserted: the nearer pairs (68% each) could come out either way
// in so few.
// Under AddressSanitizer (`make test`'s second build) searching robots play
// these games tens of times slower: over 5 minutes for this case alone. The
// stored games' checks run there in the cases above; strength is measured here.
#ifdef __SANITIZE_ADDRESS__
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

TEST_CASE("given games enough the strongest level is rated above level 1, and spb admin ratings agrees" *
          doctest::skip(kSanitized)) {
  sp::test::TempDir dir;
  Store store(StoreOptions{dir.file("strength.sqlite"), false});
  std::string error;
  const auto plan = plan_of({"--games", "12", "--players", "2", "--seed", "1"}, error);
  REQUIRE(plan.has_value());
  const CalibrationOutcome outcome = calibrate(store, *plan);
  check_stored(store, *plan, outcome);
  REQUIRE(outcome.ratings.size() == 3);
  for (const auto& rating : outcome.ratings) REQUIRE(rating.has_value());
  MESSAGE("level mu: " << outcome.ratings[0]->mu << " " << outcome.ratings[1]->mu << " " << outcome.ratings[2]->mu);
  CHECK(outcome.ratings[2]->mu > outcome.ratings[0]->mu);
  for (const auto& rating : outcome.ratings) CHECK(rating->games == 8);
}

}  // namespace
