// Robots deciding on their own threads (server/robots/robot_pool.hpp): the
// table's strand serves people while its robot's decision waits or thinks,
// an answer that comes back after the table changed is dropped and asked
// again, and the pool's threads stop cleanly. The tests wait on events: the
// pool's only thread is held by a job whose answer waits for the test.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include "engine/legal_actions.hpp"
#include "engine/setup.hpp"
#include "engine/state_hash.hpp"
#include "server/notices/webhook_sender.hpp"
#include "server/robots/robot_pool.hpp"
#include "server/robots/robot_thinking.hpp"
#include "server/session/user_channels.hpp"
#include "server/table/correspondence.hpp"
#include "server/table/seat_control.hpp"
#include "server/table/table.hpp"
#include "server/table/table_registry.hpp"
#include "server/time/scheduler.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/io_loop.hpp"

namespace {

using namespace sp::server;
using sp::test::eventually;
using sp::test::Loop;
using namespace std::chrono_literals;

constexpr std::int64_t kStart = 1'800'000'000;

// A job that holds the pool's thread: it decides (a deep search), says so,
// then waits until the test lets it go.
struct Holder {
  std::promise<void> started;
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();

  bool gone = false;

  RobotJob job(const sp::engine::GameState& state) {
    return RobotJob{[state](const sp::engine::SearchStop& stop) {
                      return robot_action(state, sp::engine::seats_to_act(state).front(),
                                          sp::engine::RobotLevel::kDeepSearch, 1, 1, &stop);
                    },
                    [this, released = released](sp::engine::Action) {
                      started.set_value();
                      released.wait();
                    }};
  }
  void let_go() {
    if (!gone) release.set_value();
    gone = true;
  }
  // A failed check must not leave the pool's thread held.
  ~Holder() { let_go(); }
};

// The services a table needs, with a manual clock and a pool of one thread.
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
  RobotPool robots{1, 60s, metrics};
  Correspondence correspondence{clock, scheduler, notifier, {}, 0, &robots};
  TableRegistry registry{SerialExecutors{loop.ioc.get_executor(), 1}, store, metrics, correspondence};
  ~Services() {
    robots.stop();
    scheduler.stop();
    loop.stop();
    store.run_sync([](Records&) {});
  }
};

// A started two-player table of people, no deadline.
TableRecord started_table(Store& store) {
  std::optional<TableRecord> record;
  store.run_sync([&](Records& db) {
    TableRecord t;
    t.name = "practice";
    t.creator_id = db.insert_user("ann", "x", 0);
    t.status = TableStatus::kOpen;
    t.player_count = 2;
    t.options_json = R"({"expansions": []})";
    t.card_set_version = std::string(sp::engine::card_set_version());
    const std::int64_t id = db.insert_table(t, 0);
    db.insert_seat(id, 0, t.creator_id);
    db.insert_seat(id, 1, db.insert_user("bob", "x", 0));
    t = *db.load_table(id);
    t.seed = 7;
    const auto state = *sp::engine::new_game(setup_of(t));
    db.start_table(id, t.seed, sp::engine::state_hash_hex(state), kStart);
    record = db.load_table(id);
  });
  return *record;
}

std::vector<MoveRecord> moves_of(Store& store, std::int64_t table) {
  std::vector<MoveRecord> moves;
  store.run_sync([&](Records& db) { moves = db.load_moves(table); });
  return moves;
}

// Calls `ask` with a reply function and waits for the reply.
template <typename Ask>
Reply answer(Ask ask) {
  auto promise = std::make_shared<std::promise<Reply>>();
  auto future = promise->get_future();
  ask([promise](Reply reply) { promise->set_value(std::move(reply)); });
  return future.get();
}

}  // namespace

TEST_CASE("a robot's decision waits on the pool while its table answers people, and a stale one is dropped") {
  sp::test::TempDir dir;
  Store store(StoreOptions{dir.file("robots.sqlite"), false});
  Services services(store);
  const TableRecord record = started_table(store);
  const auto table = services.registry.add_started(record);
  const auto state = *sp::engine::new_game(setup_of(record));
  const sp::engine::Seat seat = sp::engine::seats_to_act(state).front();
  const std::int64_t person = record.seats.at(seat.value).user_id;

  Holder holder;
  services.robots.submit(holder.job(state));
  holder.started.get_future().wait();
  // The seat to act goes to the robot: its decision waits for the held thread.
  REQUIRE(answer([&](ReplyFn done) { table->set_seat_controller(seat, SeatController::kRobot, "test", done); }).ok);
  REQUIRE(eventually([&] { return services.metrics.robot_queue.load() == 1; }));

  // Meanwhile the table's strand serves its people.
  CHECK(answer([&](ReplyFn done) { table->chat(person, "are you thinking?", done); }).ok);
  CHECK(answer([&](ReplyFn done) { table->legal_actions(person, done); }).ok);
  // The person takes the seat back before the robot answers.
  REQUIRE(answer([&](ReplyFn done) { table->reclaim_seat(person, done); }).ok);

  holder.let_go();
  REQUIRE(eventually([&] { return services.metrics.robot_decisions_dropped.load() == 1; }));
  CHECK(services.metrics.robot_decisions.load() == 2);
  CHECK(moves_of(store, record.id).empty());

  // Given to the robot again, it moves, stored as the robot's.
  REQUIRE(answer([&](ReplyFn done) { table->set_seat_controller(seat, SeatController::kRobot, "test", done); }).ok);
  REQUIRE(eventually([&] { return !moves_of(store, record.id).empty(); }));
  const MoveRecord move = moves_of(store, record.id).front();
  CHECK(move.actor == Actor::kRobot);
  CHECK(move.seat == seat.value);
}

TEST_CASE("the robot pool stops cleanly: the thinking job answers, the waiting ones are dropped") {
  Metrics metrics;
  RobotPool pool(1, 60s, metrics);
  const auto state = *sp::engine::new_game(sp::engine::GameSetup{});
  Holder holder;
  pool.submit(holder.job(state));
  holder.started.get_future().wait();
  std::atomic<int> answered{0};
  const auto worth = [state](const sp::engine::SearchStop& stop) {
    return robot_action(state, sp::engine::seats_to_act(state).front(), sp::engine::RobotLevel::kWorth, 1, 1, &stop);
  };
  const auto count = [&answered](sp::engine::Action) { ++answered; };
  pool.submit(RobotJob{worth, count});
  CHECK(metrics.robot_queue.load() == 1);

  auto stopped = std::async(std::launch::async, [&pool] { pool.stop(); });
  REQUIRE(eventually([&] { return metrics.robot_queue.load() == 0; }));
  holder.let_go();
  stopped.get();
  pool.submit(RobotJob{worth, count});
  pool.stop();
  CHECK(answered == 0);
  CHECK(metrics.robot_decisions.load() == 1);
}

TEST_CASE("a decision's time budget stops a search once it is spent, or once the pool stops") {
  std::atomic<bool> stopping{false};
  const RobotThinking spent(std::chrono::steady_clock::now() - 1ms, stopping);
  CHECK_FALSE(spent.cut());
  CHECK(spent.stop_now());
  CHECK(spent.cut());

  const RobotThinking ahead(std::chrono::steady_clock::now() + 1h, stopping);
  CHECK_FALSE(ahead.stop_now());
  stopping = true;
  CHECK(ahead.stop_now());
  CHECK(ahead.cut());
}
