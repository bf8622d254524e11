#include "server/store/timed_claim.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <set>
#include <thread>

#include "server/store/store.hpp"
#include "tests/support/pg_cluster.hpp"

// Timed work no table owns, claimed by nodes sharing one real PostgreSQL
// database (docs/scaling.md, "Timed work"): each node is a Store of its own on
// the same database, as each `spb serve` has.
namespace {

using namespace sp::server;

// A user with one notification, and `count` webhook deliveries of it due at 0.
std::vector<std::int64_t> due_deliveries_of_one_user(Store& store, int count) {
  std::vector<std::int64_t> ids;
  store.run_sync([&](Records& db) {
    const std::int64_t ann = db.insert_user("ann", "x", 0);
    const std::int64_t note = db.insert_notification(NotificationRecord{0, ann, "your_turn", std::nullopt, "{}", 0, false});
    for (int i = 0; i < count; ++i) ids.push_back(db.insert_delivery(note, "https://example.org/hook", "{}", 0));
  });
  return ids;
}

std::set<std::int64_t> claimed(Store& node, const Claim& claim, int limit = 16) {
  std::set<std::int64_t> ids;
  node.run_sync([&](Records& db) {
    for (const DeliveryRecord& d : db.due_deliveries(10, limit, claim)) ids.insert(d.id);
  });
  return ids;
}

DeliveryRecord delivered(std::int64_t id) {
  return DeliveryRecord{id, 0, "https://example.org/hook", "{}", DeliveryStatus::kDelivered, 1, 10, "",
                        DeliveryChannel::kWebhook, std::nullopt, {}};
}

}  // namespace

TEST_CASE("two nodes claim disjoint due deliveries, also while both claim at the same moment" *
          doctest::test_suite("nodes")) {
  const std::string location = sp::test::PgCluster::instance().migrated_database();
  Store a(StoreOptions{location});
  Store b(StoreOptions{location});
  const Claim by_a{"a", 60'000};
  const Claim by_b{"b", 60'000};
  const auto ids = due_deliveries_of_one_user(a, 6);

  // a's claiming transaction stays open while b claims: b passes over the
  // rows a has locked (SKIP LOCKED) instead of waiting for them.
  std::promise<void> release;
  std::promise<std::set<std::int64_t>> a_claimed;
  a.submit(
      [&](Records& db) {
        std::set<std::int64_t> got;
        for (const DeliveryRecord& d : db.due_deliveries(10, 4, by_a)) got.insert(d.id);
        a_claimed.set_value(got);
        release.get_future().wait_for(std::chrono::seconds(10));
      },
      [](std::exception_ptr) {});
  const std::set<std::int64_t> of_a = a_claimed.get_future().get();
  auto b_claiming = std::async(std::launch::async, [&] { return claimed(b, by_b); });
  const bool b_waited = b_claiming.wait_for(std::chrono::seconds(5)) != std::future_status::ready;
  release.set_value();
  const std::set<std::int64_t> of_b = b_claiming.get();
  CHECK_FALSE(b_waited);
  CHECK(of_a.size() == 4);
  CHECK(of_b.size() == 2);
  std::set<std::int64_t> both = of_a;
  both.insert(of_b.begin(), of_b.end());
  CHECK(both == std::set<std::int64_t>(ids.begin(), ids.end()));

  // Committed, a's claims keep b away; a third node gets nothing at all.
  a.run_sync([](Records&) {});
  const std::set<std::int64_t> again_b = claimed(b, by_b);
  CHECK(std::none_of(again_b.begin(), again_b.end(), [&](std::int64_t id) { return of_a.count(id) != 0; }));
  CHECK(claimed(b, Claim{"c", 60'000}).empty());
}

TEST_CASE("a dead node's claim expires and another node takes the delivery, waking when the claim ends" *
          doctest::test_suite("nodes")) {
  const std::string location = sp::test::PgCluster::instance().migrated_database();
  Store a(StoreOptions{location});
  Store b(StoreOptions{location});
  const Claim by_b{"b", 60'000};
  const auto ids = due_deliveries_of_one_user(a, 1);

  REQUIRE(claimed(a, Claim{"a", 1'500}) == std::set<std::int64_t>{ids[0]});
  // a "dies" here. Until its claim ends, b gets nothing and is told to look
  // again when the claim ends (in seconds of the server's clock from its now).
  CHECK(claimed(b, by_b).empty());
  std::optional<std::int64_t> next;
  b.run_sync([&](Records& db) { next = db.next_delivery_at(100, by_b); });
  REQUIRE(next);
  CHECK(*next >= 101);
  CHECK(*next <= 102);
  // a itself would take its own claim back at once (restarted under its name).
  a.run_sync([&](Records& db) { CHECK(db.next_delivery_at(100, Claim{"a", 1'500}) == std::optional<std::int64_t>(0)); });

  std::this_thread::sleep_for(std::chrono::milliseconds(1'600));
  CHECK(claimed(b, by_b) == std::set<std::int64_t>{ids[0]});
}

TEST_CASE("only the claimant records a delivery's outcome" * doctest::test_suite("nodes")) {
  const std::string location = sp::test::PgCluster::instance().migrated_database();
  Store a(StoreOptions{location});
  Store b(StoreOptions{location});
  const auto ids = due_deliveries_of_one_user(a, 1);
  REQUIRE(claimed(a, Claim{"a", 200}) == std::set<std::int64_t>{ids[0]});
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  REQUIRE(claimed(b, Claim{"b", 60'000}) == std::set<std::int64_t>{ids[0]});

  // a's claim expired and b took the delivery: a's outcome is refused, before
  // and after b recorded its own.
  DeliveryRecord failed = delivered(ids[0]);
  failed.status = DeliveryStatus::kPending;
  failed.last_error = "a's late answer";
  a.run_sync([&](Records& db) { CHECK_FALSE(db.update_delivery(failed, 10, Claim{"a", 200})); });
  b.run_sync([&](Records& db) { CHECK(db.update_delivery(delivered(ids[0]), 11, Claim{"b", 60'000})); });
  a.run_sync([&](Records& db) { CHECK_FALSE(db.update_delivery(failed, 12, Claim{"a", 200})); });
  a.run_sync([&](Records& db) {
    const auto stored = db.load_delivery(ids[0]);
    REQUIRE(stored);
    CHECK(stored->status == DeliveryStatus::kDelivered);
    CHECK(stored->last_error.empty());
  });
}

TEST_CASE("an email is claimed by one node, and only its claimant records the outcome" * doctest::test_suite("nodes")) {
  const std::string location = sp::test::PgCluster::instance().migrated_database();
  Store a(StoreOptions{location});
  Store b(StoreOptions{location});
  a.run_sync([](Records& db) {
    const std::int64_t ann = db.insert_user("ann", "x", 0);
    EmailRecord email;
    email.idempotency_key = "confirm:1";
    email.user_id = ann;
    email.purpose = EmailPurpose::kConfirm;
    email.payload_json = "{}";
    email.next_attempt_at = 0;
    REQUIRE(db.insert_email(email, 0));
  });
  std::vector<EmailRecord> of_a;
  std::vector<EmailRecord> of_b;
  a.run_sync([&](Records& db) { of_a = db.due_emails(10, 8, Claim{"a", 60'000}); });
  b.run_sync([&](Records& db) { of_b = db.due_emails(10, 8, Claim{"b", 60'000}); });
  REQUIRE(of_a.size() == 1);
  CHECK(of_b.empty());
  EmailRecord sent = of_a[0];
  sent.status = DeliveryStatus::kDelivered;
  sent.attempts = 1;
  b.run_sync([&](Records& db) { CHECK_FALSE(db.update_email(sent, 11, Claim{"b", 60'000})); });
  a.run_sync([&](Records& db) { CHECK(db.update_email(sent, 11, Claim{"a", 60'000})); });
  b.run_sync([&](Records& db) { CHECK_FALSE(db.next_email_at(11, Claim{"b", 60'000})); });
}

TEST_CASE("a day's retention sweep is one node's until its claim ends" * doctest::test_suite("nodes")) {
  const std::string location = sp::test::PgCluster::instance().migrated_database();
  Store a(StoreOptions{location});
  Store b(StoreOptions{location});
  ClaimAnswer answer;
  a.run_sync([&](Records& db) { answer = db.claim_timed_work(TimedWork::kRetentionSweep, Claim{"a", 1'000}); });
  CHECK(answer.granted);
  b.run_sync([&](Records& db) { answer = db.claim_timed_work(TimedWork::kRetentionSweep, Claim{"b", 1'000}); });
  CHECK_FALSE(answer.granted);
  CHECK(answer.holder_left_ms > 0);
  CHECK(answer.holder_left_ms <= 1'000);
  // Its holder renews it; once it ends unrenewed (a died), b takes it.
  a.run_sync([&](Records& db) { answer = db.claim_timed_work(TimedWork::kRetentionSweep, Claim{"a", 300}); });
  CHECK(answer.granted);
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  b.run_sync([&](Records& db) { answer = db.claim_timed_work(TimedWork::kRetentionSweep, Claim{"b", 1'000}); });
  CHECK(answer.granted);
}

TEST_CASE("a vacation's end is closed by one node of several" * doctest::test_suite("nodes")) {
  const std::string location = sp::test::PgCluster::instance().migrated_database();
  Store a(StoreOptions{location});
  Store b(StoreOptions{location});
  std::int64_t vacation = 0;
  a.run_sync([&](Records& db) { vacation = db.insert_vacation(db.insert_user("ann", "x", 0), 0, 100, false); });
  bool by_a = false;
  bool by_b = false;
  a.run_sync([&](Records& db) { by_a = db.close_vacation(vacation, 100); });
  b.run_sync([&](Records& db) { by_b = db.close_vacation(vacation, 100); });
  CHECK(by_a);
  CHECK_FALSE(by_b);
}

TEST_CASE("a digest due is taken by one node while another holds it" * doctest::test_suite("nodes")) {
  const std::string location = sp::test::PgCluster::instance().migrated_database();
  Store a(StoreOptions{location});
  Store b(StoreOptions{location});
  a.run_sync([](Records& db) {
    for (const char* name : {"ann", "bob"}) {
      NoticeSettingsRecord settings = db.notice_settings(db.insert_user(name, "x", 0));
      settings.next_digest_at = 5;
      db.save_notice_settings(settings);
    }
  });
  std::promise<void> release;
  std::promise<std::vector<std::int64_t>> a_took;
  a.submit(
      [&](Records& db) {
        a_took.set_value(db.due_digests(10, 1));
        release.get_future().wait_for(std::chrono::seconds(10));
      },
      [](std::exception_ptr) {});
  const auto of_a = a_took.get_future().get();
  auto b_taking = std::async(std::launch::async, [&] {
    std::vector<std::int64_t> got;
    b.run_sync([&](Records& db) { got = db.due_digests(10, 10); });
    return got;
  });
  const bool b_waited = b_taking.wait_for(std::chrono::seconds(5)) != std::future_status::ready;
  release.set_value();
  const auto of_b = b_taking.get();
  CHECK_FALSE(b_waited);
  REQUIRE(of_a.size() == 1);
  REQUIRE(of_b.size() == 1);
  CHECK(of_a[0] != of_b[0]);
}
