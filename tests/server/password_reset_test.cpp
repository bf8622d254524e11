// Password reset links as the store keeps them (schema/0028_password_resets.sql,
// docs/protocol.md "Forgotten passwords"), on a real SQLite file and a real
// PostgreSQL database: a link is found only by its token's hash while it is
// unexpired, used once, and its use ends the account's other links; an
// address finds only the accounts that confirmed it, without regard to case.
#include <doctest/doctest.h>

#include <cstdint>
#include <future>
#include <optional>
#include <string>

#include "server/store/open_backend.hpp"
#include "server/store/store.hpp"
#include "tests/support/each_backend.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace sp::server;

constexpr std::int64_t kNow = 1'800'000'000;
constexpr std::int64_t kHour = 3600;

}  // namespace

TEST_CASE("an address finds only the accounts that confirmed it, whatever its case") {
  sp::test::TempDir dir;
  auto backend = open_migrated_backend(sp::test::each_backend(dir), false);
  Records& db = backend->records();
  const std::int64_t ann = db.insert_user("ann", "x", kNow);
  const std::int64_t bob = db.insert_user("bob", "x", kNow);
  const std::int64_t cid = db.insert_user("cid", "x", kNow);
  db.set_email(ann, "Ann@Players.test", "ann-confirm", kNow + kHour, kNow);
  db.set_email(bob, "ann@players.test", "bob-confirm", kNow + kHour, kNow);
  db.set_email(cid, "cid@players.test", "cid-confirm", kNow + kHour, kNow);
  CHECK(db.users_with_confirmed_email("ann@players.test").empty());
  REQUIRE(db.confirm_email("ann-confirm", kNow + 1) == ann);
  REQUIRE(db.confirm_email("bob-confirm", kNow + 1) == bob);
  CHECK(db.users_with_confirmed_email("ANN@players.TEST") == std::vector<std::int64_t>{ann, bob});
  CHECK(db.users_with_confirmed_email("cid@players.test").empty());
}

TEST_CASE("a reset link is used once, within its hour, and its use ends the account's other links") {
  sp::test::TempDir dir;
  auto backend = open_migrated_backend(sp::test::each_backend(dir), false);
  Records& db = backend->records();
  const std::int64_t ann = db.insert_user("ann", "x", kNow);
  const std::int64_t bob = db.insert_user("bob", "x", kNow);
  db.insert_password_reset(ann, "ann-first", kNow, kNow + kHour);
  db.insert_password_reset(ann, "ann-second", kNow + 60, kNow + 60 + kHour);
  db.insert_password_reset(bob, "bob-only", kNow, kNow + kHour);
  CHECK(db.count_password_resets(ann, kNow) == 2);
  CHECK(db.count_password_resets(ann, kNow + 1) == 1);

  CHECK(db.password_reset_user("ann-first", kNow + 10) == ann);
  CHECK(db.password_reset_user("ann-first", kNow + 10) == ann);  // looking uses nothing
  CHECK_FALSE(db.password_reset_user("ann-first", kNow + kHour));
  CHECK_FALSE(db.use_password_reset("ann-first", kNow + kHour));
  CHECK_FALSE(db.password_reset_user("unknown", kNow));

  CHECK(db.use_password_reset("ann-second", kNow + 120) == ann);
  CHECK_FALSE(db.use_password_reset("ann-second", kNow + 121));
  CHECK(db.count_password_resets(ann, 0) == 0);
  CHECK(db.use_password_reset("bob-only", kNow + 120) == bob);
}

TEST_CASE("an account's expired links go when it asks for a new one") {
  sp::test::TempDir dir;
  const std::string location = sp::test::each_backend(dir);
  auto backend = open_migrated_backend(location, false);
  Records& db = backend->records();
  const std::int64_t ann = db.insert_user("ann", "x", kNow);
  db.insert_password_reset(ann, "old", kNow, kNow + kHour);
  db.insert_password_reset(ann, "new", kNow + 2 * kHour, kNow + 3 * kHour);
  CHECK(sp::test::count_rows(location, "password_resets") == 1);
  CHECK(db.password_reset_user("new", kNow + 2 * kHour) == ann);
}

TEST_CASE("two nodes using one reset link at the same moment: one uses it") {
  sp::test::TempDir dir;
  const std::string location = sp::test::each_backend(dir);
  std::int64_t ann = 0;
  {
    auto backend = open_migrated_backend(location, false);
    ann = backend->records().insert_user("ann", "x", kNow);
    backend->records().insert_password_reset(ann, "link", kNow, kNow + kHour);
  }
  // Each node its own connection, in its own transaction, as two `spb serve` would be.
  const auto node = [&location] {
    auto backend = open_migrated_backend(location, false);
    backend->begin();
    const auto user = backend->records().use_password_reset("link", kNow + 1);
    backend->commit();
    return user;
  };
  auto first = std::async(std::launch::async, node);
  auto second = std::async(std::launch::async, node);
  const auto a = first.get();
  const auto b = second.get();
  CHECK(a.has_value() != b.has_value());
  CHECK((a ? *a : *b) == ann);
}
