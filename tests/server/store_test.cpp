// The store on real SQLite files: migrations, group commit, durability across
// reopening, a failing job rolling back alone.
#include "server/store/store.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <future>
#include <thread>
#include <vector>

#include "server/store/database.hpp"
#include "tests/support/temp_dir.hpp"

using sp::server::Database;
using sp::server::DatabaseError;
using sp::server::Records;
using sp::server::Store;
using sp::server::StoreOptions;

namespace {

void add_user(Records& db, const std::string& name) { db.insert_user(name, "x", 0); }

// Counted in the file itself, not through the store.
std::int64_t count_users(Database& db) {
  auto s = db.prepare("SELECT count(*) FROM users");
  s.step();
  return s.column_int(0);
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

TEST_CASE("jobs submitted from many threads are all committed, many to a transaction") {
  sp::test::TempDir dir;
  const std::string path = dir.file("spb.sqlite");
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
  Database reopened(path);
  CHECK(count_users(reopened) == kThreads * kPerThread);
}

TEST_CASE("a failing job rolls back alone; the others of its transaction commit") {
  sp::test::TempDir dir;
  Store store(StoreOptions{dir.file("spb.sqlite")});
  store.run_sync([](Records& db) { add_user(db, "ann"); });
  std::promise<bool> duplicate_failed;
  std::promise<bool> other_committed;
  store.submit([](Records& db) { add_user(db, "ann"); },  // the name is taken
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

TEST_CASE("run_sync rethrows the job's failure") {
  sp::test::TempDir dir;
  Store store(StoreOptions{dir.file("spb.sqlite")});
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
