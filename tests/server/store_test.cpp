// The store on real SQLite files and real PostgreSQL databases: migrations,
// group commit, durability across reopening, a failing job rolling back alone,
// the rows' enums stored as words.
#include "server/store/store.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <future>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include "server/store/sqlite/database.hpp"
#include "server/store/open_backend.hpp"
#include "server/store/pg/pg_backend.hpp"
#include "tests/support/each_backend.hpp"
#include "tests/support/pg_cluster.hpp"
#include "tests/support/stored_games.hpp"
#include "tests/support/temp_dir.hpp"

using sp::server::Database;
using sp::server::DatabaseError;
using sp::server::Records;
using sp::server::Store;
using sp::server::StoreOptions;

namespace {

void add_user(Records& db, const std::string& name) { db.insert_user(name, "x", 0); }

void append(Records& db, std::int64_t table, std::int64_t number) {
  db.append_move(table, sp::server::MoveRecord{number, 0, "{}", "hash", 0, sp::server::Actor::kPlayer},
                 sp::server::TableStatus::kPlaying);
}

// A new table whose move 1 is stored.
std::int64_t table_with_one_move(Store& store) {
  std::int64_t table = 0;
  store.run_sync([&](Records& db) {
    table = sp::test::store_empty_table(db, db.insert_user("creator", "x", 0), "moves");
    append(db, table, 1);
  });
  return table;
}

std::int64_t stored_moves(Store& store, std::int64_t table) {
  std::int64_t moves = 0;
  store.run_sync([&](Records& db) { moves = static_cast<std::int64_t>(db.load_moves(table).size()); });
  return moves;
}

}  // namespace

TEST_CASE("a new database is created and migrated to the latest schema") {
  sp::test::TempDir dir;
  Database db(dir.file("spb.sqlite"));
  CHECK(db.schema_version() == 0);
  const int version = db.migrate();
  CHECK(version >= 1);
  CHECK(db.schema_version() == version);
  CHECK(db.migrate() == version);  // applying again changes nothing
  auto mode = db.prepare("PRAGMA journal_mode");
  REQUIRE(mode.step());
  CHECK(mode.column_text(0) == "wal");
}

TEST_CASE("a new PostgreSQL database is migrated to the latest schema, the same version as SQLite's") {
  sp::server::PgConnection db(sp::test::PgCluster::instance().empty_database());
  CHECK(db.schema_version() == 0);
  const int version = db.migrate();
  CHECK(version == Database::latest_schema_version());
  CHECK(db.schema_version() == version);
  CHECK(db.migrate() == version);  // applying again changes nothing
  auto applied = db.prepare("SELECT count(*) FROM schema_migrations");
  REQUIRE(applied.step());
  CHECK(applied.column_int(0) == version);
}

TEST_CASE("jobs submitted from many threads are all committed, many to a transaction") {
  sp::test::TempDir dir;
  const std::string path = sp::test::each_backend(dir);
  constexpr int kThreads = 8;
  constexpr int kPerThread = 100;
  std::atomic<int> committed{0};
  {
    Store store(StoreOptions{path});
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        for (int i = 0; i < kPerThread; ++i) {
          store.submit([name = "u" + std::to_string(t) + "_" + std::to_string(i)](Records& db) { add_user(db, name); },
                       [&committed](std::exception_ptr error) {
                         if (!error) ++committed;
                       });
        }
      });
    }
    for (std::thread& t : threads) t.join();
  }  // the destructor writes what is queued
  CHECK(committed == kThreads * kPerThread);
  CHECK(sp::test::count_rows(path, "users") == kThreads * kPerThread);
}

TEST_CASE("a failing job rolls back alone; the others of its transaction commit") {
  sp::test::TempDir dir;
  Store store(StoreOptions{sp::test::each_backend(dir)});
  store.run_sync([](Records& db) { add_user(db, "ann"); });
  std::promise<bool> duplicate_failed;
  std::promise<bool> other_committed;
  store.submit([](Records& db) { add_user(db, "Ann"); },  // the name is taken, whatever its case
               [&](std::exception_ptr error) { duplicate_failed.set_value(error != nullptr); });
  store.submit([](Records& db) { add_user(db, "bob"); },
               [&](std::exception_ptr error) { other_committed.set_value(error == nullptr); });
  CHECK(duplicate_failed.get_future().get());
  CHECK(other_committed.get_future().get());
  bool ann = false;
  bool bob = false;
  store.run_sync([&](Records& db) {
    ann = db.find_user_by_name("ann").has_value();
    bob = db.find_user_by_name("bob").has_value();
  });
  CHECK(ann);
  CHECK(bob);
}

// On PostgreSQL a move's writes go down libpq's pipeline unawaited
// (pg_connection.hpp); their failure must still fail their own job, and
// only it, in whatever batch it shares.
TEST_CASE("a move whose write fails unawaited fails its own job alone, in a batch it shares") {
  sp::test::TempDir dir;
  Store store(StoreOptions{sp::test::each_backend(dir)});
  const std::int64_t table = table_with_one_move(store);
  // The writer waits in the first job while the others queue, so they share
  // the next batch.
  std::promise<void> queued;
  std::promise<std::exception_ptr> duplicate;
  std::promise<std::exception_ptr> thrown;
  std::promise<std::exception_ptr> next;
  store.submit([gate = queued.get_future().share()](Records&) { gate.wait(); }, [](std::exception_ptr) {});
  store.submit([table](Records& db) { append(db, table, 1); },  // move 1 is stored already
               [&](std::exception_ptr error) { duplicate.set_value(error); });
  store.submit(
      [table](Records& db) {
        append(db, table, 2);
        throw std::runtime_error("the job gave up after writing");
      },
      [&](std::exception_ptr error) { thrown.set_value(error); });
  store.submit([table](Records& db) { append(db, table, 2); }, [&](std::exception_ptr error) { next.set_value(error); });
  queued.set_value();
  CHECK_THROWS_AS(std::rethrow_exception(duplicate.get_future().get()), DatabaseError);
  CHECK_THROWS_AS(std::rethrow_exception(thrown.get_future().get()), std::runtime_error);
  CHECK(next.get_future().get() == nullptr);
  CHECK(stored_moves(store, table) == 2);
}

TEST_CASE("a read after a failed unawaited write fails the job with that write's failure") {
  sp::test::TempDir dir;
  Store store(StoreOptions{sp::test::each_backend(dir)});
  const std::int64_t table = table_with_one_move(store);
  bool read_ran = false;
  CHECK_THROWS_AS(store.run_sync([&](Records& db) {
    append(db, table, 1);
    db.find_user_by_name("creator");
    read_ran = true;
  }),
                  DatabaseError);
  CHECK_FALSE(read_ran);
  CHECK(stored_moves(store, table) == 1);
}

TEST_CASE("run_sync rethrows the job's failure") {
  sp::test::TempDir dir;
  Store store(StoreOptions{sp::test::each_backend(dir)});
  store.run_sync([](Records& db) { add_user(db, "ann"); });
  CHECK_THROWS_AS(store.run_sync([](Records& db) { add_user(db, "ann"); }), DatabaseError);
}

TEST_CASE("a database newer than the server is refused") {
  sp::test::TempDir dir;
  {
    Database db(dir.file("spb.sqlite"));
    db.exec("PRAGMA user_version = 999");
  }
  Database db(dir.file("spb.sqlite"));
  CHECK_THROWS_AS(db.migrate(), DatabaseError);
}

TEST_CASE("a PostgreSQL database newer than the server is refused") {
  const std::string location = sp::test::PgCluster::instance().migrated_database();
  sp::server::PgConnection db(location);
  db.exec("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 0)");
  CHECK_THROWS_AS(db.migrate(), DatabaseError);
}

TEST_CASE("a job that broke its transaction's statement is undone, and COMMIT never acknowledges a spoiled batch") {
  sp::server::PgBackend backend(sp::test::PgCluster::instance().migrated_database());
  backend.begin();
  backend.begin_job();
  backend.records().insert_user("ann", "x", 0);
  CHECK_THROWS_AS(backend.records().insert_user("ann", "x", 0), DatabaseError);
  // The failed statement spoiled the transaction; only its savepoint can mend it.
  CHECK_THROWS_AS(backend.end_job(), DatabaseError);
  CHECK_THROWS_AS(backend.commit(), DatabaseError);
  backend.rollback();
  CHECK_FALSE(backend.records().find_user_by_name("ann"));
}

TEST_CASE("the enums of the rows are stored as the words the database always held") {
  sp::test::TempDir dir;
  const std::string path = sp::test::each_backend(dir);
  using namespace sp::server;
  std::int64_t table = 0;
  {
    Store store(StoreOptions{path});
    store.run_sync([&](Records& db) {
      const std::int64_t ann = db.insert_user("ann", "x", 0);
      table = sp::test::store_empty_table(db, ann, "words");
      db.insert_seat(table, 0, ann);
      db.update_seat_control(table, 0, SeatController::kAbsent, 1, std::nullopt);
      db.update_table_pace(table, 3600, 2, SeatController::kAbsent);
      db.start_table(table, 1, "0000000000000000", 0);
      db.append_move(table, MoveRecord{1, 0, "{}", "1111111111111111", 0, Actor::kTimeout}, TableStatus::kFinished);
      const std::int64_t note = db.insert_notification(NotificationRecord{0, ann, "your_turn", table, "{}", 0, false});
      const std::int64_t delivery = db.insert_delivery(note, "http://example.org/", "{}", 0);
      db.update_delivery(DeliveryRecord{delivery, note, "http://example.org/", "{}", DeliveryStatus::kGivenUp, 3, 0, "no",
                                        DeliveryChannel::kWebhook, std::nullopt, {}},
                         0, Claim{});
    });
    std::optional<TableRecord> read;
    std::vector<MoveRecord> moves;
    store.run_sync([&](Records& db) {
      read = db.load_table(table);
      moves = db.load_moves(table);
    });
    REQUIRE(read);
    CHECK(read->status == TableStatus::kFinished);
    CHECK(read->seats.at(0).controller == SeatController::kAbsent);
    CHECK(read->takeover_by == SeatController::kAbsent);
    REQUIRE(moves.size() == 1);
    CHECK(moves.front().actor == Actor::kTimeout);
  }
  const auto check_words = [](auto& file) {
  auto words = file.prepare(
      "SELECT t.status, t.takeover_by, s.controller, m.actor, w.status FROM game_tables t JOIN seats s ON s.table_id = t.id "
      "JOIN moves m ON m.table_id = t.id JOIN notifications n ON n.table_id = t.id "
      "JOIN webhook_outbox w ON w.notification_id = n.id");
  REQUIRE(words.step());
  CHECK(words.column_text(0) == "finished");
  CHECK(words.column_text(1) == "absent");
  CHECK(words.column_text(2) == "absent");
  CHECK(words.column_text(3) == "timeout");
  CHECK(words.column_text(4) == "given_up");
  };
  if (backend_kind(path) == BackendKind::kPostgresql) {
    PgConnection file(path);
    check_words(file);
  } else {
    Database file(path);
    check_words(file);
  }
}

TEST_CASE("an aborted table keeps the reason its administrator gave, and only that") {
  sp::test::TempDir dir;
  Store store(StoreOptions{sp::test::each_backend(dir), false});
  store.run_sync([&](Records& db) {
    const std::int64_t creator = db.insert_user("creator", "x", 0);
    const std::int64_t stopped = sp::test::store_empty_table(db, creator, "stopped");
    const std::int64_t left = sp::test::store_empty_table(db, creator, "left");
    CHECK(db.abort_table(stopped, 10, std::nullopt, std::string("a stolen account played here")));
    CHECK(db.load_table(stopped)->status == sp::server::TableStatus::kAborted);
    CHECK(db.load_table(stopped)->abort_reason == "a stolen account played here");
    // Aborted already: a second abort changes nothing, its reason included.
    CHECK_FALSE(db.abort_table(stopped, 11, sp::server::TableStatus::kPlaying, std::string("again")));
    CHECK(db.load_table(stopped)->abort_reason == "a stolen account played here");
    // Its creator left before the start: no reason.
    CHECK(db.abort_table(left, 12, std::nullopt, std::nullopt));
    CHECK_FALSE(db.load_table(left)->abort_reason.has_value());
  });
}

TEST_CASE("an account flagged as a bot reads back as one, at its seats too; a seat ever held is remembered") {
  sp::test::TempDir dir;
  Store store(StoreOptions{sp::test::each_backend(dir), false});
  store.run_sync([&](Records& db) {
    const std::int64_t person = db.insert_user("person", "x", 0);
    const std::int64_t bot = db.insert_user("some_bot", "x", 0);
    CHECK_FALSE(db.find_user(bot)->bot);
    CHECK_FALSE(db.has_sat_at_tables(bot));
    db.flag_bot(bot);
    CHECK(db.find_user(bot)->bot);
    CHECK(db.find_user_by_name("SOME_BOT")->bot);
    CHECK_FALSE(db.find_user(person)->bot);
    db.insert_session("hash", bot, 0, 100);
    CHECK(db.find_session_user("hash", 1)->bot);
    const std::int64_t table = sp::test::store_empty_table(db, person, "with a bot");
    CHECK_FALSE(db.has_sat_at_tables(bot));
    db.insert_seat(table, 0, person);
    db.insert_seat(table, 1, bot);
    CHECK(db.has_sat_at_tables(bot));
    const auto seats = db.load_table(table)->seats;
    REQUIRE(seats.size() == 2);
    CHECK_FALSE(seats[0].bot);
    CHECK(seats[1].bot);
    // An aborted table's seats still count: its game was played, in part.
    db.abort_table(table, 5, std::nullopt, std::nullopt);
    CHECK(db.has_sat_at_tables(person));
  });
}
