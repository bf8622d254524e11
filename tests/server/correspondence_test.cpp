// Correspondence play without the network: the scheduler on a manual clock,
// vacation arithmetic, webhook backoff and addresses, the absent seat's move,
// and a table on a real SQLite file (and PostgreSQL database) whose deadline passes, pauses for a
// vacation and whose robots play on their own.
#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include "engine/legal_actions.hpp"
#include "engine/setup.hpp"
#include "engine/state_hash.hpp"
#include "server/notices/webhook_sender.hpp"
#include "server/session/user_channels.hpp"
#include "server/table/correspondence.hpp"
#include "server/table/seat_control.hpp"
#include "server/table/table.hpp"
#include "server/table/table_registry.hpp"
#include "server/time/scheduler.hpp"
#include "server/time/vacation_allowance.hpp"
#include "tests/support/each_backend.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/io_loop.hpp"

namespace {

using namespace sp::server;
using sp::test::eventually;
using sp::test::Loop;
using namespace std::chrono_literals;

constexpr std::int64_t kStart = 1'800'000'000;  // 2027-01-15

}  // namespace

TEST_CASE("the scheduler fires an entry once its time comes on the manual clock, not before") {
  ManualClock clock(kStart);
  Loop loop;
  Scheduler scheduler(loop.ioc.get_executor(), clock);
  std::atomic<int> fired{0};
  scheduler.set({Due::kMoveDeadline, 1}, kStart + 60, [&] { ++fired; });
  scheduler.run_due();
  std::this_thread::sleep_for(50ms);
  CHECK(fired == 0);
  clock.advance(60);
  scheduler.run_due();
  CHECK(eventually([&] { return fired == 1; }));
  scheduler.run_due();
  std::this_thread::sleep_for(50ms);
  CHECK(fired == 1);
  CHECK(scheduler.size() == 0);
  scheduler.stop();
}

TEST_CASE("a time that has passed already fires at once, through the timer") {
  ManualClock clock(kStart);
  Loop loop;
  Scheduler scheduler(loop.ioc.get_executor(), clock);
  std::atomic<int> fired{0};
  scheduler.set({Due::kVacationEnd, 7}, kStart - 3600, [&] { ++fired; });
  CHECK(eventually([&] { return fired == 1; }));
  scheduler.stop();
}

TEST_CASE("setting a key again replaces its time; cancelling it stops it") {
  ManualClock clock(kStart);
  Loop loop;
  Scheduler scheduler(loop.ioc.get_executor(), clock);
  std::atomic<int> first{0};
  std::atomic<int> second{0};
  scheduler.set({Due::kMoveDeadline, 1}, kStart + 10, [&] { ++first; });
  scheduler.set({Due::kMoveDeadline, 1}, kStart + 100, [&] { ++second; });
  scheduler.set({Due::kMoveDeadline, 2}, kStart + 10, [&] { ++first; });
  scheduler.cancel({Due::kMoveDeadline, 2});
  CHECK(scheduler.next_at() == kStart + 100);
  clock.advance(50);
  scheduler.run_due();
  std::this_thread::sleep_for(50ms);
  CHECK(first == 0);
  clock.advance(50);
  scheduler.run_due();
  CHECK(eventually([&] { return second == 1; }));
  scheduler.stop();
}

TEST_CASE("the year starts on 1 January UTC") {
  CHECK(year_start(kStart) == 1'798'761'600);          // 2027-01-01
  CHECK(year_start(1'798'761'600) == 1'798'761'600);
  CHECK(year_start(1'798'761'599) == 1'767'225'600);   // 2026-01-01
}

TEST_CASE("a vacation is charged its planned days while it runs, the days begun once it ended") {
  VacationRecord running{1, 1, kStart, kStart + 7 * kSecondsPerDay, std::nullopt};
  CHECK(days_charged(running) == 7);
  VacationRecord early{2, 1, kStart, kStart + 7 * kSecondsPerDay, kStart + 2 * kSecondsPerDay + 1};
  CHECK(days_charged(early) == 3);
  VacationRecord at_once{3, 1, kStart, kStart + 7 * kSecondsPerDay, kStart};
  CHECK(days_charged(at_once) == 0);
}

TEST_CASE("only vacations begun this year count against this year's allowance") {
  const std::int64_t last_year = year_start(kStart) - 10 * kSecondsPerDay;
  const std::vector<VacationRecord> vacations = {
      {1, 1, last_year, last_year + 20 * kSecondsPerDay, std::nullopt},  // runs into this year: last year's
      {2, 1, kStart, kStart + 3 * kSecondsPerDay, std::nullopt},
      {3, 1, kStart + 10 * kSecondsPerDay, kStart + 15 * kSecondsPerDay, kStart + 11 * kSecondsPerDay},
  };
  CHECK(days_used_this_year(vacations, kStart + 20 * kSecondsPerDay) == 4);
}

TEST_CASE("webhook retries wait the first delay, then twice as long each time, up to the longest") {
  const WebhookPolicy policy{8, 30, 600, false};
  CHECK(webhook_retry_delay(1, policy) == 30);
  CHECK(webhook_retry_delay(2, policy) == 60);
  CHECK(webhook_retry_delay(3, policy) == 120);
  CHECK(webhook_retry_delay(5, policy) == 480);
  CHECK(webhook_retry_delay(6, policy) == 600);
  CHECK(webhook_retry_delay(40, policy) == 600);
}

TEST_CASE("an absent seat passes until the phase ends") {
  sp::engine::GameSetup setup;
  setup.player_count = 3;
  setup.seed = 5;
  const auto state = *sp::engine::new_game(setup);
  const auto seat = sp::engine::seats_to_act(state).front();
  CHECK(absent_action(state, seat) == sp::engine::Action{sp::engine::Pass{true}});
}

namespace {

// The services a table needs, with a manual clock.
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
  Correspondence correspondence{clock, scheduler, notifier, {}};
  TableRegistry registry{SerialExecutors{loop.ioc.get_executor(), 1}, store, metrics, correspondence};
  ~Services() {
    scheduler.stop();
    loop.stop();
    // Moves still in the store hold their tables (and the tables' strands):
    // they finish while the io_context still exists.
    store.run_sync([](Records&) {});
  }
};

// A started table of `players` seats: robots at the last `robots`, people
// before them; with a deadline of `hours` per move (0: none).
TableRecord started_table(Store& store, int players, int robots, std::int64_t hours, std::uint64_t seed) {
  std::optional<TableRecord> record;
  store.run_sync([&](Records& db) {
    TableRecord t;
    t.name = "slow game";
    t.creator_id = db.insert_user("ann", "x", 0);
    t.status = TableStatus::kOpen;
    t.player_count = players;
    t.options_json = R"({"expansions": ["banquet", "new_society"]})";
    t.card_set_version = std::string(sp::engine::card_set_version());
    const std::int64_t id = db.insert_table(t, 0);
    for (int seat = 0; seat < players - robots; ++seat) {
      db.insert_seat(id, seat, seat == 0 ? t.creator_id : db.insert_user("p" + std::to_string(seat), "x", 0));
    }
    for (int i = 0; i < robots; ++i) {
      db.insert_seat(id, players - 1 - i, db.robot_user(i));
      db.update_seat_control(id, players - 1 - i, SeatController::kRobot, 0, sp::engine::RobotLevel::kWorth);
    }
    if (hours > 0) db.update_table_pace(id, hours * 3600, 2, SeatController::kRobot);
    t = *db.load_table(id);
    t.seed = seed;
    const auto state = *sp::engine::new_game(setup_of(t));
    db.start_table(id, seed, sp::engine::state_hash_hex(state), kStart);
    if (hours > 0) {
      // The first seat to act has its full time, its clock running from the start.
      db.update_table_deadline(id, kStart + hours * 3600, std::nullopt);
      db.update_table_clocks(id, sp::engine::seats_to_act(state).front().value, kStart, {});
    }
    record = db.load_table(id);
  });
  return *record;
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

}  // namespace

TEST_CASE("a robots-only table plays to the end on its own, every move a robot's") {
  sp::test::TempDir dir;
  Store store(StoreOptions{sp::test::each_backend(dir), false});
  Services services(store);
  const TableRecord record = started_table(store, 4, 4, 0, 11);
  services.registry.add_started(record);
  CHECK(eventually([&] { return reload(store, record.id).status == TableStatus::kFinished; }));
  const auto moves = moves_of(store, record.id);
  REQUIRE_FALSE(moves.empty());
  for (const MoveRecord& m : moves) CHECK(m.actor == Actor::kRobot);
  // The log is the game: it replays to the stored hashes.
  CHECK_NOTHROW(replay_stored(reload(store, record.id), moves));
}

TEST_CASE("a passed deadline makes one timeout move and gives the next seat a fresh deadline") {
  sp::test::TempDir dir;
  Store store(StoreOptions{sp::test::each_backend(dir), false});
  Services services(store);
  const TableRecord record = started_table(store, 2, 0, 1, 3);
  services.registry.add_started(record);
  services.clock.advance(3599);
  services.scheduler.run_due();
  std::this_thread::sleep_for(100ms);
  CHECK(moves_of(store, record.id).empty());
  services.clock.advance(1);
  services.scheduler.run_due();
  REQUIRE(eventually([&] { return moves_of(store, record.id).size() == 1; }));
  const MoveRecord timeout = moves_of(store, record.id).front();
  CHECK(timeout.actor == Actor::kTimeout);
  CHECK(timeout.action_json == R"({"type":"pass","until_phase_end":true})");
  const TableRecord after = reload(store, record.id);
  CHECK(after.seats.at(static_cast<std::size_t>(timeout.seat)).timeouts == 1);
  CHECK(after.deadline_at == kStart + 7200);
}

TEST_CASE("a time bank's seat times out when its bank is empty, and the timeout's move earns the increment") {
  sp::test::TempDir dir;
  Store store(StoreOptions{sp::test::each_backend(dir), false});
  Services services(store);
  TableRecord record = started_table(store, 2, 0, 0, 3);
  const int first = sp::engine::seats_to_act(*sp::engine::new_game(setup_of(record))).front().value;
  store.run_sync([&](Records& db) {
    // Half an hour of its two hours already spent when the table is loaded.
    db.update_table_pace(record.id, std::nullopt, 2, SeatController::kRobot);
    db.update_table_bank(record.id, TimeBankRecord{2 * 3600, 3600, 3 * 3600});
    db.update_table_clocks(record.id, first, kStart - 1800, {});
    db.update_table_deadline(record.id, kStart + 5400, std::nullopt);
    record = *db.load_table(record.id);
  });
  services.registry.add_started(record);
  services.clock.advance(5399);
  services.scheduler.run_due();
  std::this_thread::sleep_for(100ms);
  CHECK(moves_of(store, record.id).empty());
  services.clock.advance(1);
  services.scheduler.run_due();
  REQUIRE(eventually([&] { return moves_of(store, record.id).size() == 1; }));
  CHECK(moves_of(store, record.id).front().actor == Actor::kTimeout);
  REQUIRE(eventually([&] { return reload(store, record.id).clock_seat != first; }));
  const TableRecord after = reload(store, record.id);
  CHECK(after.seats.at(static_cast<std::size_t>(first)).clock_left == 3600);
  // The other seat's clock runs from the timeout with its whole bank.
  REQUIRE(after.clock_seat);
  CHECK(after.clock_since == kStart + 5400);
  CHECK(after.deadline_at == kStart + 5400 + 2 * 3600);
}

TEST_CASE("a vacation pauses the deadline with the time left, and its end resumes it") {
  sp::test::TempDir dir;
  Store store(StoreOptions{sp::test::each_backend(dir), false});
  Services services(store);
  const TableRecord record = started_table(store, 2, 0, 24, 3);
  const auto table = services.registry.add_started(record);
  const auto state = *sp::engine::new_game(setup_of(record));
  const std::int64_t away = record.seats.at(sp::engine::seats_to_act(state).front().value).user_id;

  services.clock.advance(4 * 3600);
  table->vacation_changed(away, true);
  REQUIRE(eventually([&] { return !reload(store, record.id).deadline_at; }));
  CHECK(reload(store, record.id).deadline_left == 20 * 3600);
  services.clock.advance(3 * 24 * 3600);
  services.scheduler.run_due();
  std::this_thread::sleep_for(100ms);
  CHECK(moves_of(store, record.id).empty());

  table->vacation_changed(away, false);
  REQUIRE(eventually([&] { return reload(store, record.id).deadline_at.has_value(); }));
  CHECK(reload(store, record.id).deadline_at == services.clock.now() + 20 * 3600);
  CHECK_FALSE(reload(store, record.id).deadline_left);
}

TEST_CASE("after the policy's timeouts the robot takes the seat and plays it") {
  sp::test::TempDir dir;
  Store store(StoreOptions{sp::test::each_backend(dir), false});
  Services services(store);
  const TableRecord record = started_table(store, 2, 0, 1, 9);
  services.registry.add_started(record);
  // Nobody plays: every hour a timeout; after a seat's second, its robot
  // takes over and plays whenever that seat is to act.
  auto robot_moved = [&] {
    const auto moves = moves_of(store, record.id);
    return std::any_of(moves.begin(), moves.end(), [](const MoveRecord& m) { return m.actor == Actor::kRobot; });
  };
  for (int hour = 0; hour < 12 && !robot_moved(); ++hour) {
    const auto before = moves_of(store, record.id).size();
    services.clock.advance(3600);
    services.scheduler.run_due();
    REQUIRE(eventually([&] { return moves_of(store, record.id).size() > before; }));
  }
  CHECK(robot_moved());
  const TableRecord after = reload(store, record.id);
  int robots = 0;
  for (const SeatRecord& s : after.seats) {
    if (s.controller == SeatController::kRobot) {
      ++robots;
      CHECK(s.timeouts == 2);
    }
  }
  CHECK(robots >= 1);
}

TEST_CASE("robots standing in for people who ran out of time wait before each move") {
  sp::test::TempDir dir;
  Store store(StoreOptions{sp::test::each_backend(dir), false});
  Services services(store);
  services.correspondence.stand_in_wait_seconds = 600;
  const TableRecord record = started_table(store, 2, 0, 1, 9);
  services.registry.add_started(record);
  // Nobody plays: every hour a timeout, until robots play both seats.
  auto nobody_plays = [&] {
    const TableRecord t = reload(store, record.id);
    return std::none_of(t.seats.begin(), t.seats.end(),
                        [](const SeatRecord& s) { return s.controller == SeatController::kHuman; });
  };
  for (int hour = 0; hour < 12 && !nobody_plays(); ++hour) {
    const auto before = moves_of(store, record.id).size();
    services.clock.advance(3600);
    services.scheduler.run_due();
    REQUIRE(eventually([&] { return moves_of(store, record.id).size() > before; }));
  }
  REQUIRE(nobody_plays());
  // The next move waits ten minutes from now, and only one comes then.
  REQUIRE(eventually([&] { return services.scheduler.next_at() == services.clock.now() + 600; }));
  const auto before = moves_of(store, record.id).size();
  services.clock.advance(599);
  services.scheduler.run_due();
  std::this_thread::sleep_for(100ms);
  CHECK(moves_of(store, record.id).size() == before);
  services.clock.advance(1);
  services.scheduler.run_due();
  REQUIRE(eventually([&] { return moves_of(store, record.id).size() == before + 1; }));
  CHECK(moves_of(store, record.id).back().actor == Actor::kRobot);
  REQUIRE(eventually([&] { return services.scheduler.next_at() == services.clock.now() + 600; }));
  CHECK(moves_of(store, record.id).size() == before + 1);
}
