#include "server/store/pg/pg_leases.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include "server/base/metrics.hpp"
#include "server/store/lease.hpp"
#include "server/store/pg/pg_connection.hpp"
#include "server/store/store.hpp"
#include "server/table/node_leases.hpp"
#include "tests/support/pg_cluster.hpp"
#include "tests/support/stored_games.hpp"

// Leases and fencing on a real PostgreSQL (docs/scaling.md): a lease is
// taken with a growing epoch, a live lease of another node is refused, and a
// write checked against a lease that moved on fails with LeaseLost, nothing
// of it written.
TEST_CASE("a table's lease fences the writes of a node that lost it" * doctest::test_suite("nodes")) {
  using namespace sp::server;
  const std::string db = sp::test::PgCluster::instance().migrated_database();
  Store store(StoreOptions{db});
  std::int64_t table = 0;
  store.run_sync([&](Records& records) {
    table = sp::test::store_empty_table(records, records.insert_user("ann", "x", 0), "leased");
  });

  PgLeases a(db, "a", 60'000);
  PgLeases b(db, "b", 60'000);
  const auto first = a.acquire(table);
  REQUIRE(first);
  CHECK(*first == 1);
  CHECK_FALSE(b.acquire(table));  // a's lease is live
  CHECK(a.holder(table)->node == "a");
  CHECK(a.renew() == std::vector<std::pair<std::int64_t, std::int64_t>>{{table, 1}});

  // a holds the lease: its check passes, b's does not.
  store.run_sync([&](Records& records) { records.check_lease(table, LeaseFence{"a", 1}); });
  CHECK_THROWS_AS(store.run_sync([&](Records& records) { records.check_lease(table, LeaseFence{"b", 1}); }), LeaseLost);

  // Released, it is b's with the next epoch; a's old epoch no longer writes,
  // and the job that tried wrote nothing.
  a.release(table, 1);
  CHECK(a.renew().empty());
  const auto second = b.acquire(table);
  REQUIRE(second);
  CHECK(*second == 2);
  CHECK_THROWS_AS(store.run_sync([&](Records& records) {
                    records.check_lease(table, LeaseFence{"a", 1});
                    records.insert_chat(table, 1, "never written", 0);
                  }),
                  LeaseLost);
  store.run_sync([&](Records& records) {
    records.check_lease(table, LeaseFence{"b", 2});
    CHECK(records.chat_page(table, std::nullopt, 10).lines.empty());
  });
}

// A write holds its table's lease row FOR SHARE until it commits. The beat
// that renews every lease of the node renews the others at once and waits
// for that row alone: waiting for it while holding the others is how the
// renewal and a batch of writes on several tables deadlocked (each holding
// a row the other wanted).
TEST_CASE("renewing a node's leases waits for a write's lease row alone, and renews them all" * doctest::test_suite("nodes")) {
  using namespace sp::server;
  const std::string db = sp::test::PgCluster::instance().migrated_database();
  std::int64_t first = 0;
  std::int64_t second = 0;
  {
    Store store(StoreOptions{db});
    store.run_sync([&](Records& records) {
      const std::int64_t creator = records.insert_user("cid", "x", 0);
      first = sp::test::store_empty_table(records, creator, "busy");
      second = sp::test::store_empty_table(records, creator, "busy");
    });
  }
  // lock_timeout is the lease's length: a renewal that waited would fail.
  PgLeases a(db, "a", 2'000);
  REQUIRE(a.acquire(first));
  REQUIRE(a.acquire(second));
  PgConnection writer(db);
  writer.exec("BEGIN");
  writer.prepare("SELECT 1 FROM table_leases WHERE table_id = $1 FOR SHARE").bind(1, first).run();
  // The write commits while the renewal runs; the renewal must not have
  // locked the second row in a way that would stop it (the writer takes it
  // FOR SHARE too, as a second table of its batch).
  std::thread commit([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    writer.prepare("SELECT 1 FROM table_leases WHERE table_id = $1 FOR SHARE").bind(1, second).run();
    writer.exec("COMMIT");
  });
  auto held = a.renew();
  commit.join();
  std::sort(held.begin(), held.end());
  CHECK(held == std::vector<std::pair<std::int64_t, std::int64_t>>{{first, 1}, {second, 1}});
}

// A node killed keeps its leases until they expire, but its sessions end at
// once: the holder is then seen as not connected, and nobody carries a
// request to it (docs/scaling.md, "Routing").
TEST_CASE("a lease's holder is connected while its node has a session open" * doctest::test_suite("nodes")) {
  using namespace sp::server;
  const std::string db = sp::test::PgCluster::instance().migrated_database();
  Store store(StoreOptions{db});
  std::int64_t table = 0;
  store.run_sync([&](Records& records) {
    table = sp::test::store_empty_table(records, records.insert_user("ann", "x", 0), "held");
  });
  PgLeases b(db, "b", 60'000);
  {
    // Nodes name their sessions after themselves (application_name).
    PgLeases a(db + " application_name=a", "a", 60'000);
    REQUIRE(a.acquire(table));
    const auto held = b.holder(table);
    REQUIRE(held);
    CHECK(held->node == "a");
    CHECK(held->connected);
  }
  // a is gone; its lease is still live.
  CHECK_FALSE(b.acquire(table));
  std::optional<PgLeases::Holder> held;
  for (int i = 0; i < 100; ++i) {  // a backend ends just after its client closes
    held = b.holder(table);
    if (held && !held->connected) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  REQUIRE(held);
  CHECK(held->node == "a");
  CHECK_FALSE(held->connected);
}

TEST_CASE("a node asked again for a lease it holds keeps its epoch, so the table it loaded stays fenced in" *
          doctest::test_suite("nodes")) {
  // A beat may adopt a table while a request of the same node asks for it:
  // a second epoch would fence out the table loaded under the first.
  using namespace sp::server;
  const std::string db = sp::test::PgCluster::instance().migrated_database();
  Store store(StoreOptions{db});
  std::int64_t table = 0;
  store.run_sync([&](Records& records) {
    table = sp::test::store_empty_table(records, records.insert_user("ann", "x", 0), "held twice");
  });
  Metrics metrics;
  NodeLeases leases(db, "a", 60'000, metrics);
  leases.start({});
  const auto located = [&] {
    std::promise<NodeLeases::Located> answer;
    leases.locate(table, [&answer](NodeLeases::Located at) { answer.set_value(std::move(at)); });
    return answer.get_future().get();
  };
  const auto first = located();
  REQUIRE(first.epoch);
  const auto again = located();
  REQUIRE(again.epoch);
  CHECK(*again.epoch == *first.epoch);
  std::promise<std::optional<std::int64_t>> acquired;
  leases.acquire(table, [&acquired](std::optional<std::int64_t> epoch) { acquired.set_value(epoch); });
  CHECK(acquired.get_future().get() == first.epoch);
  leases.stop();
}

// Docs/scaling.md, "Table news": a fenced write tells the other nodes what it
// wrote, so that their copies follow without reading; when that would not fit
// a notification, it names the table and they read it.
TEST_CASE("a write of a leased table tells the other nodes its new moves and clocks, or its id when too long" *
          doctest::test_suite("nodes")) {
  using namespace sp::server;
  const std::string db = sp::test::PgCluster::instance().migrated_database();
  Store store(StoreOptions{db});
  sp::test::StoredGame game;
  store.run_sync([&](Records& records) { game = sp::test::store_random_game(records, 3, {}, 5); });
  PgLeases a(db, "a", 60'000);
  const auto epoch = a.acquire(game.table);
  REQUIRE(epoch);

  Metrics metrics;
  NodeLeases b(db, "b", 60'000, metrics);
  std::promise<TableNews> news;
  std::promise<std::int64_t> changed;
  std::atomic<bool> news_heard{false};
  std::atomic<bool> change_heard{false};
  NodeLeaseHooks hooks;
  hooks.table_news = [&](TableNews heard) {
    if (!news_heard.exchange(true)) news.set_value(std::move(heard));
  };
  hooks.table_changed = [&](std::int64_t table) {
    if (!change_heard.exchange(true)) changed.set_value(table);
  };
  b.start(std::move(hooks));
  const auto write = [&](const std::string& action) {
    store.run_sync([&](Records& records) {
      records.check_lease(game.table, LeaseFence{"a", *epoch});
      records.append_move(game.table, MoveRecord{game.moves + 1, 2, action, "00ff", 1'800'000'000, Actor::kRobot},
                          TableStatus::kPlaying);
      records.tell_followers(game.table, game.moves);
    });
  };
  // b may not listen yet when the first write is sent: write until it hears.
  auto heard = news.get_future();
  while (heard.wait_for(std::chrono::milliseconds(100)) != std::future_status::ready) {
    write(R"({"type":"pass"})");
    ++game.moves;
  }
  const TableNews told = heard.get();
  CHECK(told.table == game.table);
  CHECK(told.status == TableStatus::kPlaying);
  CHECK(told.seats.size() == 3);
  REQUIRE(told.moves.size() == 1);
  CHECK(told.moves[0].seat == 2);
  CHECK(told.moves[0].action_json == R"({"type":"pass"})");
  CHECK(told.moves[0].state_hash == "00ff");
  CHECK(told.moves[0].actor == Actor::kRobot);

  // Over PostgreSQL's 8000 bytes of payload: the table's id alone.
  write(R"({"type":"pass","note":")" + std::string(9000, 'x') + R"("})");
  auto id = changed.get_future();
  REQUIRE(id.wait_for(std::chrono::seconds(10)) == std::future_status::ready);
  CHECK(id.get() == game.table);
  b.stop();
}
