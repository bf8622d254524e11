// The outboxes' backlog as the metrics read it (Records::outbox_depth,
// spb_outbox_backlog, spb_outbox_oldest_seconds, spb_claims_waiting), on a
// real SQLite file and a real PostgreSQL database; and, with two nodes on
// PostgreSQL, a row one node claims no longer waits.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "server/store/open_backend.hpp"
#include "server/store/store.hpp"
#include "tests/support/each_backend.hpp"
#include "tests/support/pg_cluster.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace sp::server;

constexpr std::int64_t kNow = 1'800'000'000;

std::int64_t notification_at(Records& db, std::int64_t user, std::int64_t created_at) {
  return db.insert_notification(NotificationRecord{0, user, "your_turn", std::nullopt, "{}", created_at, false});
}

EmailRecord email(std::int64_t user, const std::string& key, std::int64_t due_at) {
  EmailRecord e;
  e.idempotency_key = key;
  e.user_id = user;
  e.purpose = EmailPurpose::kConfirm;
  e.payload_json = "{}";
  e.next_attempt_at = due_at;
  return e;
}

}  // namespace

TEST_CASE("the backlog counts rows due and rows waiting for a retry, not rows held for later nor settled ones") {
  sp::test::TempDir dir;
  auto backend = open_migrated_backend(sp::test::each_backend(dir), false);
  Records& db = backend->records();
  const std::int64_t ann = db.insert_user("ann", "x", kNow);

  CHECK(db.outbox_depth(kNow).backlog == 0);
  CHECK_FALSE(db.outbox_depth(kNow).oldest_created_at);

  // Due now: a webhook delivery of a notice made 100 s ago.
  const std::int64_t due = db.insert_delivery(notification_at(db, ann, kNow - 100), "https://example.org/h", "{}", kNow);
  // Held for quiet hours, never tried: not yet the backlog's.
  REQUIRE(db.insert_email(email(ann, "held", kNow + 3600), kNow - 500));
  OutboxDepth depth = db.outbox_depth(kNow);
  CHECK(depth.backlog == 1);
  CHECK(depth.waiting == 1);
  CHECK(depth.oldest_created_at == std::optional<std::int64_t>(kNow - 100));

  // Its first attempt failed; it waits for its retry: still in the backlog,
  // no longer due, so not waiting.
  const Claim mine{"n", 60'000};
  auto rows = db.due_deliveries(kNow, 8, mine);
  REQUIRE(rows.size() == 1);
  rows[0].attempts = 1;
  rows[0].next_attempt_at = kNow + 30;
  REQUIRE(db.update_delivery(rows[0], kNow, mine));
  depth = db.outbox_depth(kNow);
  CHECK(depth.backlog == 1);
  CHECK(depth.waiting == 0);

  // An email tried and failed long ago: the oldest now.
  REQUIRE(db.insert_email(email(ann, "retrying", kNow - 900), kNow - 900));
  auto emails = db.due_emails(kNow, 8, mine);
  REQUIRE(emails.size() == 1);
  emails[0].attempts = 3;
  emails[0].next_attempt_at = kNow + 600;
  REQUIRE(db.update_email(emails[0], kNow, mine));
  depth = db.outbox_depth(kNow);
  CHECK(depth.backlog == 2);
  CHECK(depth.oldest_created_at == std::optional<std::int64_t>(kNow - 900));

  // Delivered and given up: gone from the backlog.
  rows[0].status = DeliveryStatus::kDelivered;
  rows[0].id = due;
  REQUIRE(db.update_delivery(rows[0], kNow + 30, mine));
  emails[0].status = DeliveryStatus::kGivenUp;
  REQUIRE(db.update_email(emails[0], kNow + 30, mine));
  depth = db.outbox_depth(kNow + 30);
  CHECK(depth.backlog == 0);
  CHECK(depth.waiting == 0);
  CHECK_FALSE(depth.oldest_created_at);
}

TEST_CASE("with several nodes a row one node claims is in the backlog but waits for no claim until its claim ends" *
          doctest::test_suite("nodes")) {
  const std::string location = sp::test::PgCluster::instance().migrated_database();
  Store a(StoreOptions{location});
  Store b(StoreOptions{location});
  a.run_sync([](Records& db) {
    const std::int64_t ann = db.insert_user("ann", "x", 0);
    const std::int64_t note = notification_at(db, ann, 0);
    for (int i = 0; i < 3; ++i) db.insert_delivery(note, "https://example.org/h", "{}", 0);
  });
  OutboxDepth depth;
  b.run_sync([&](Records& db) { depth = db.outbox_depth(10); });
  CHECK(depth.backlog == 3);
  CHECK(depth.waiting == 3);

  a.run_sync([](Records& db) { REQUIRE(db.due_deliveries(10, 2, Claim{"a", 60'000}).size() == 2); });
  b.run_sync([&](Records& db) { depth = db.outbox_depth(10); });
  CHECK(depth.backlog == 3);
  CHECK(depth.waiting == 1);

  // A claim that ran out (its node died) leaves the row waiting again.
  a.run_sync([](Records& db) { REQUIRE(db.due_deliveries(10, 1, Claim{"c", 1}).size() == 1); });
  b.run_sync([&](Records&) {});
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  b.run_sync([&](Records& db) { depth = db.outbox_depth(10); });
  CHECK(depth.waiting == 1);
}
