// spb admin calibrate-robots --from-history (docs/ratings.md "Calibrating the
// robot levels"): people's games stored through the same records as the
// levels' calibration games, their decisions made by known policies (the
// strong people play as level 3 chooses, the weak at random), and the
// command must find that higher-rated people's decisions cost less and place
// level 3 above level 1.
#include <doctest/doctest.h>

#include "server/admin/ratings_check.hpp"
#include "server/cli/history_calibration.hpp"
#include "server/cli/robot_calibration.hpp"
#include "tests/support/people_games.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace sp::server;
using sp::cli::HistoryPlan;
using sp::cli::PoolPlacement;
using sp::engine::RobotLevel;
using sp::test::Person;

constexpr std::int64_t kNow = 1'800'000'000;

std::optional<HistoryPlan> plan_of(std::vector<std::string> args, std::string& error) {
  const auto flags = sp::cli::Flags::parse(args, {"max-games", "positions", "deals", "games"}, error);
  if (!flags) return std::nullopt;
  return sp::cli::history_plan(*flags, error);
}

// Two strong people rated high and two weak ones rated low (as if after many
// games), who meet across.
std::vector<std::pair<Person, Person>> strong_and_weak(Store& store) {
  const std::vector<Person> people = sp::test::create_people(store,
                                                             {{"strong1", RobotLevel::kDeepSearch, 34.0},
                                                              {"strong2", RobotLevel::kDeepSearch, 31.0},
                                                              {"weak1", RobotLevel::kRandom, 17.0},
                                                              {"weak2", RobotLevel::kRandom, 14.0}},
                                                             kNow);
  return {{people[0], people[2]}, {people[3], people[1]}, {people[1], people[2]}};
}

// Under AddressSanitizer (`make test`'s second build) level 3 plays tens of
// times slower, as in robot_calibration_test.cpp; the figures are measured here.
#ifdef __SANITIZE_ADDRESS__
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

TEST_CASE("from people's history, higher-rated people's decisions cost less and level 3 is placed above level 1" *
          doctest::skip(kSanitized)) {
  sp::test::TempDir dir;
  Store store(StoreOptions{dir.file("history.sqlite"), false});
  sp::test::store_people_games(store, strong_and_weak(store), 100, kNow);
  std::string error;
  // At 4 deals a position the values' noise hid the difference here (the
  // slope came out +0.40); at 64 it shows.
  const auto plan = plan_of({"--positions", "6", "--deals", "64"}, error);
  REQUIRE(plan.has_value());
  auto pools = sp::cli::calibrate_from_history(store, *plan, error);
  INFO(error);
  REQUIRE(pools.has_value());
  REQUIRE(pools->size() == 1);
  const PoolPlacement& pool = pools->front();
  CHECK(pool.pool == RatingPool::kTwoPlayer);
  CHECK(pool.games == 3);
  CHECK(pool.samples.size() == 6);
  REQUIRE(pool.fit.has_value());
  REQUIRE(pool.levels.size() == 3);
  MESSAGE("mu = " << pool.fit->a << " + " << pool.fit->b << " * cost, r2 " << pool.fit->r_squared << "; level costs "
                  << pool.levels[0].mean_cost << " " << pool.levels[1].mean_cost << " " << pool.levels[2].mean_cost
                  << ", placed " << pool.levels[0].placed << " " << pool.levels[1].placed << " "
                  << pool.levels[2].placed);
  CHECK(pool.fit->b < 0);
  CHECK(pool.levels[2].placed > pool.levels[0].placed);
  store.run_sync([&](Records& db) {
    CHECK_FALSE(db.rating_of(db.robot_level_user(RobotLevel::kWorth), RatingPool::kTwoPlayer).has_value());
    CHECK(db.list_admin_actions(std::nullopt, 10).empty());
  });

  // --apply: level 3 starts at its placed rating; levels 1 and 2 have
  // played a rated game in the pool (against each other), which beats an
  // extrapolation.
  const ManualClock clock{kNow + 1000};
  const auto first = sp::cli::calibration_plan(*sp::cli::Flags::parse({"--games", "1"}, {"games"}, error), error);
  REQUIRE(first.has_value());
  REQUIRE(sp::cli::calibrate_robots(store, *first, clock, error).has_value());
  std::vector<RatingRecord> before(2);
  store.run_sync([&](Records& db) {
    before[0] = *db.rating_of(db.robot_level_user(RobotLevel::kWorth), RatingPool::kTwoPlayer);
    before[1] = *db.rating_of(db.robot_level_user(RobotLevel::kQuickSearch), RatingPool::kTwoPlayer);
  });
  sp::cli::apply_placements(store, *pools, clock);
  std::int64_t level3 = 0;
  store.run_sync([&](Records& db) {
    for (std::size_t l = 0; l < 2; ++l) {
      const auto rating = db.rating_of(db.robot_level_user(pool.levels[l].level), RatingPool::kTwoPlayer);
      REQUIRE(rating.has_value());
      CHECK(rating->mu == before[l].mu);
      CHECK(rating->games == 1);
      CHECK(pool.levels[l].applied.find(" 1 rated game here already beats an extrapolation") != std::string::npos);
    }
    level3 = db.robot_level_user(RobotLevel::kDeepSearch);
    const auto rating = db.rating_of(level3, RatingPool::kTwoPlayer);
    REQUIRE(rating.has_value());
    CHECK(rating->mu == doctest::Approx(pool.levels[2].placed));
    CHECK(rating->games == 0);
    CHECK(pool.levels[2].applied == "starts at this rating");
    const auto logged = db.list_admin_actions(std::nullopt, 10);
    REQUIRE(logged.size() == 2);  // the game of levels 1 and 2, then level 3's start
    CHECK(logged.front().request == "calibrate-robots");
    CHECK(logged.front().user_id == level3);
  });

  // Level 3 then plays from its starting point, and spb admin ratings
  // computes its game from there too, not from a newcomer's rating. (The
  // people's own ratings were set by hand above, so only the levels' games
  // and accounts are looked at.)
  auto game = sp::cli::play_levels_game("Level 3 against level 1", sp::engine::Expansions{}, 7,
                                        {RobotLevel::kDeepSearch, RobotLevel::kWorth}, Actor::kRobot, kNow, error);
  REQUIRE(game.has_value());
  std::int64_t table = 0;
  store.run_sync([&](Records& db) {
    table = sp::cli::store_played_game(db, std::move(*game), {db.robot_user(0), db.robot_user(1)}, true, kNow + 2000);
    const auto results = db.game_results_of(level3, 10);
    REQUIRE(results.size() == 1);
    CHECK(results.front().mu_before == doctest::Approx(pool.levels[2].placed));
    const RatingsCheck check = check_ratings(db);
    for (const std::string& problem : check.problems) {
      INFO(problem);
      CHECK(problem.find("table " + std::to_string(table) + " ") != 0);
      CHECK(problem.find("user " + std::to_string(level3) + " ") != 0);
    }
  });
}

TEST_CASE("a fit where higher-rated people do not play better places no level's account") {
  sp::test::TempDir dir;
  Store store(StoreOptions{dir.file("upward.sqlite"), false});
  PoolPlacement pool;
  std::string error;
  pool.fit = sp::ratings::fit_rating_to_cost({{20, 1}, {22, 2}, {21, 3}, {25, 4}, {26, 5}}, error);
  REQUIRE(pool.fit.has_value());
  pool.levels.push_back(sp::cli::LevelPlacement{RobotLevel::kWorth, 10, 2.0, pool.fit->rating_at(2.0), ""});
  std::vector<PoolPlacement> pools{pool};
  sp::cli::apply_placements(store, pools, ManualClock{kNow});
  CHECK(pools.front().levels.front().applied ==
        "not applied: in this pool's fit higher-rated people do not play better");
  store.run_sync([&](Records& db) {
    CHECK_FALSE(db.rating_of(db.robot_level_user(RobotLevel::kWorth), RatingPool::kTwoPlayer).has_value());
    CHECK(db.list_admin_actions(std::nullopt, 10).empty());
  });
}

TEST_CASE("too few people's games to fit are refused with a sentence") {
  sp::test::TempDir dir;
  Store store(StoreOptions{dir.file("few.sqlite"), false});
  const auto people = strong_and_weak(store);
  const Person weak1 = people[0].second;
  const Person weak2 = people[1].first;
  sp::test::store_people_games(store, {{weak1, weak2}, {weak2, weak1}}, 100, kNow);  // four samples
  std::string error;
  const auto plan = plan_of({"--positions", "1", "--deals", "2"}, error);
  REQUIRE(plan.has_value());
  auto pools = sp::cli::calibrate_from_history(store, *plan, error);
  REQUIRE(pools.has_value());
  REQUIRE(pools->size() == 1);
  CHECK_FALSE(pools->front().fit.has_value());
  CHECK(pools->front().refusal == "4 samples (a person's mean cost in one game each); the fit needs at least 5");
  CHECK(pools->front().levels.empty());
  sp::cli::apply_placements(store, *pools, ManualClock{kNow});
  store.run_sync([&](Records& db) { CHECK(db.list_admin_actions(std::nullopt, 10).empty()); });
}

TEST_CASE("--from-history refuses the options of the levels' games against each other") {
  std::string error;
  CHECK_FALSE(plan_of({"--games", "3"}, error).has_value());
  CHECK(error == "--games is for the levels' games against each other, not --from-history");
  error.clear();
  const auto plan = plan_of({"--max-games", "40"}, error);
  REQUIRE(plan.has_value());
  CHECK(plan->max_games == 40u);
  CHECK(plan->judging.positions == 8u);
  CHECK(plan->judging.deals == 24);
}

}  // namespace
