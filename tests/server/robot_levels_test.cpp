// Robot levels on the site (docs/robot.md "Levels on the site"): a robot
// seat plays at the level stored with it, the table shows that level and its
// account's rating, and a robot standing in for a person who ran out of time
// plays at the level rated nearest that person.
#include <doctest/doctest.h>

#include <chrono>
#include <future>
#include <thread>

#include "engine/legal_actions.hpp"
#include "engine/setup.hpp"
#include "engine/state_hash.hpp"
#include "protocol/stored_text.hpp"
#include "server/notices/webhook_sender.hpp"
#include "server/robots/robot_pool.hpp"
#include "server/session/user_channels.hpp"
#include "server/table/correspondence.hpp"
#include "server/table/seat_control.hpp"
#include "server/table/stand_in.hpp"
#include "server/table/table.hpp"
#include "server/table/table_registry.hpp"
#include "server/table/table_summary.hpp"
#include "server/time/scheduler.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/io_loop.hpp"

namespace {

using namespace sp::server;
using sp::test::eventually;
using sp::test::Loop;
using namespace std::chrono_literals;
using sp::engine::RobotLevel;

constexpr std::int64_t kStart = 1'800'000'000;

// The services a table needs, with a manual clock and robots deciding on a
// pool whose time budget never cuts a search short here.
struct Services {
  explicit Services(Store& s) : store(s) {}
  Store& store;
  Metrics metrics;
  Loop loop;
  ManualClock clock{kStart};
  UserChannels channels;
  Scheduler scheduler{loop.ioc.get_executor(), clock};
  OutboundPoster poster{loop.ioc.get_executor(), OutboundPolicy{}, 10, std::nullopt};
  WebhookSender webhooks{loop.ioc.get_executor(), store, clock, scheduler, WebhookPolicy{}, poster, PushSettings{},
                         metrics, "test", 1000};
  Notifier notifier{store, clock, channels, webhooks, nullptr};
  RobotPool robots{1, 600s, metrics};
  Correspondence correspondence{clock, scheduler, notifier, {}, 0, &robots};
  TableRegistry registry{SerialExecutors{loop.ioc.get_executor(), 1}, store, metrics, correspondence};
  ~Services() {
    robots.stop();
    scheduler.stop();
    loop.stop();
    store.run_sync([](Records&) {});
  }
};

TableRecord new_table(Records& db, int players) {
  TableRecord t;
  t.name = "levels";
  t.creator_id = db.insert_user("ann", "x", 0);
  t.status = TableStatus::kOpen;
  t.player_count = players;
  t.options_json = R"({"expansions": []})";
  t.card_set_version = std::string(sp::engine::card_set_version());
  t.id = db.insert_table(t, 0);
  return t;
}

TableRecord start(Records& db, TableRecord t, std::uint64_t seed) {
  t = *db.load_table(t.id);
  t.seed = seed;
  const auto state = *sp::engine::new_game(setup_of(t));
  db.start_table(t.id, seed, sp::engine::state_hash_hex(state), kStart);
  return *db.load_table(t.id);
}

std::vector<MoveRecord> moves_of(Store& store, std::int64_t table) {
  std::vector<MoveRecord> moves;
  store.run_sync([&](Records& db) { moves = db.load_moves(table); });
  return moves;
}

TableRecord reload(Store& store, std::int64_t table) {
  std::optional<TableRecord> record;
  store.run_sync([&](Records& db) { record = db.load_table(table); });
  return *record;
}

// The first two-player deal, from seed 1 on, whose first decision level 3
// makes otherwise than level 1, so that a move tells the levels apart.
// (A table dealt before fair deals draws its robots from its seed.)
std::uint64_t telling_seed(sp::engine::GameSetup setup) {
  for (std::uint64_t seed = 1; seed < 40; ++seed) {
    setup.seed = seed;
    const auto state = *sp::engine::new_game(setup);
    const auto seat = sp::engine::seats_to_act(state).front();
    const std::uint64_t robots = seed;
    if (robot_action(state, seat, RobotLevel::kDeepSearch, robots, 1) !=
        robot_action(state, seat, RobotLevel::kWorth, robots, 1)) {
      return seed;
    }
  }
  FAIL("no deal among the first 39 tells level 3 from level 1 at its first move");
  return 0;
}

}  // namespace

TEST_CASE("a level 3 robot seat plays level 3's moves, and its table shows the level and the level's rating") {
  sp::test::TempDir dir;
  Store store(StoreOptions{dir.file("levels.sqlite"), false});
  Services services(store);
  sp::engine::GameSetup setup;
  setup.player_count = 2;
  const std::uint64_t seed = telling_seed(setup);
  setup.seed = seed;
  const auto first = sp::engine::seats_to_act(*sp::engine::new_game(setup)).front();

  TableRecord record;
  store.run_sync([&](Records& db) {
    TableRecord t = new_table(db, 2);
    // The robot sits where the game starts, the person at the other seat.
    for (int seat = 0; seat < 2; ++seat) {
      if (seat == first.value) {
        db.insert_seat(t.id, seat, db.robot_user(0));
        db.update_seat_control(t.id, seat, SeatController::kRobot, 0, RobotLevel::kDeepSearch);
      } else {
        db.insert_seat(t.id, seat, t.creator_id);
      }
    }
    // Level 3's account has played: the table shows its rating in the two-player pool.
    db.save_rating(db.robot_level_user(RobotLevel::kDeepSearch), RatingPool::kTwoPlayer, RatingRecord{30.0, 2.0, 40});
    record = start(db, t, seed);
  });
  REQUIRE(record.seed == seed);
  REQUIRE_FALSE(record.deal_secret);
  CHECK(record.seats.at(first.value).robot_level == RobotLevel::kDeepSearch);

  const auto table = services.registry.add_started(record);
  REQUIRE(eventually([&] { return !moves_of(store, record.id).empty(); }));
  const MoveRecord move = moves_of(store, record.id).front();
  CHECK(move.actor == Actor::kRobot);
  CHECK(move.seat == first.value);
  const auto logged = sp::protocol::decode_stored_entry(move.action_json, first);
  REQUIRE(logged.has_value());
  const auto state = *sp::engine::new_game(setup);
  CHECK(logged->action == robot_action(state, first, RobotLevel::kDeepSearch, robots_seed_of(record), 1));
  CHECK(logged->action != robot_action(state, first, RobotLevel::kWorth, robots_seed_of(record), 1));

  std::promise<sp::protocol::TableSummary> shown;
  table->summarize([&shown](sp::protocol::TableSummary s) { shown.set_value(std::move(s)); });
  const sp::protocol::TableSummary summary = shown.get_future().get();
  const auto& robot = summary.seats.at(first.value);
  CHECK(robot.robot_level == 3);
  CHECK(robot.robot_rating == doctest::Approx(24.0));
  const auto& person = summary.seats.at(1 - first.value);
  CHECK_FALSE(person.robot_level);
  CHECK_FALSE(person.robot_rating);
}

TEST_CASE("a robot standing in plays at the level rated nearest the absent person, level 1 for a newcomer") {
  sp::test::TempDir dir;
  Store store(StoreOptions{dir.file("stand_in.sqlite"), false});
  store.run_sync([&](Records& db) {
    TableRecord t = new_table(db, 2);
    const std::int64_t bob = db.insert_user("bob", "x", 0);
    const std::int64_t cleo = db.insert_user("cleo", "x", 0);
    db.insert_seat(t.id, 0, t.creator_id);
    db.insert_seat(t.id, 1, bob);
    t = *db.load_table(t.id);
    // Displayed ratings (mu - 3 sigma): level 1 at 19, level 2 at 24, level 3 at 29.
    db.save_rating(db.robot_level_user(RobotLevel::kWorth), RatingPool::kTwoPlayer, RatingRecord{25.0, 2.0, 50});
    db.save_rating(db.robot_level_user(RobotLevel::kQuickSearch), RatingPool::kTwoPlayer, RatingRecord{30.0, 2.0, 50});
    db.save_rating(db.robot_level_user(RobotLevel::kDeepSearch), RatingPool::kTwoPlayer, RatingRecord{35.0, 2.0, 50});
    // ann shows 25, nearest level 2; bob shows 40, nearest level 3; cleo was
    // rated only among three to five players, a newcomer here.
    db.save_rating(t.creator_id, RatingPool::kTwoPlayer, RatingRecord{31.0, 2.0, 10});
    db.save_rating(bob, RatingPool::kTwoPlayer, RatingRecord{43.0, 1.0, 90});
    db.save_rating(cleo, RatingPool::kMultiplayer, RatingRecord{43.0, 1.0, 90});
    CHECK(stand_in_level(db, t, t.creator_id) == RobotLevel::kQuickSearch);
    CHECK(stand_in_level(db, t, bob) == RobotLevel::kDeepSearch);
    CHECK(stand_in_level(db, t, cleo) == RobotLevel::kWorth);
    // Halfway between levels 1 and 2 (21.5): the lower level.
    db.save_rating(cleo, RatingPool::kTwoPlayer, RatingRecord{27.5, 2.0, 5});
    CHECK(stand_in_level(db, t, cleo) == RobotLevel::kWorth);
  });
}

TEST_CASE("a seat taken over after timeouts stores and shows the stand-in's level; taken back, it has none") {
  sp::test::TempDir dir;
  Store store(StoreOptions{dir.file("takeover.sqlite"), false});
  Services services(store);
  TableRecord record;
  store.run_sync([&](Records& db) {
    TableRecord t = new_table(db, 2);
    db.insert_seat(t.id, 0, t.creator_id);
    db.insert_seat(t.id, 1, db.insert_user("bob", "x", 0));
    // One timeout hands the seat to a robot; people's ratings set as above.
    db.update_table_pace(t.id, 3600, 1, SeatController::kRobot);
    db.save_rating(db.robot_level_user(RobotLevel::kWorth), RatingPool::kTwoPlayer, RatingRecord{25.0, 2.0, 50});
    db.save_rating(db.robot_level_user(RobotLevel::kQuickSearch), RatingPool::kTwoPlayer, RatingRecord{30.0, 2.0, 50});
    db.save_rating(db.robot_level_user(RobotLevel::kDeepSearch), RatingPool::kTwoPlayer, RatingRecord{35.0, 2.0, 50});
    const TableRecord seated = *db.load_table(t.id);
    for (const SeatRecord& s : seated.seats) {
      db.save_rating(s.user_id, RatingPool::kTwoPlayer, RatingRecord{31.0, 2.0, 10});
    }
    record = start(db, t, 5);
    db.update_table_deadline(t.id, kStart + 3600, std::nullopt);
    record = *db.load_table(t.id);
  });
  const auto table = services.registry.add_started(record);
  const auto first = sp::engine::seats_to_act(*sp::engine::new_game(setup_of(record))).front();
  services.clock.advance(3600);
  services.scheduler.run_due();
  REQUIRE(eventually([&] { return reload(store, record.id).seats.at(first.value).controller == SeatController::kRobot; }));
  const SeatRecord taken = reload(store, record.id).seats.at(first.value);
  CHECK(taken.robot_level == RobotLevel::kQuickSearch);
  CHECK(taken.timeouts == 1);

  std::promise<sp::protocol::TableSummary> shown;
  table->summarize([&shown](sp::protocol::TableSummary s) { shown.set_value(std::move(s)); });
  const sp::protocol::TableSummary summary = shown.get_future().get();
  CHECK(summary.seats.at(first.value).robot_level == 2);
  CHECK(summary.seats.at(first.value).robot_rating == doctest::Approx(24.0));

  const std::int64_t person = record.seats.at(first.value).user_id;
  std::promise<Reply> reclaimed;
  table->reclaim_seat(person, [&reclaimed](Reply r) { reclaimed.set_value(std::move(r)); });
  REQUIRE(reclaimed.get_future().get().ok);
  REQUIRE(eventually([&] { return reload(store, record.id).seats.at(first.value).controller == SeatController::kHuman; }));
  CHECK_FALSE(reload(store, record.id).seats.at(first.value).robot_level);
}
