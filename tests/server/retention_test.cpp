// Retention on a real SQLite file and a real PostgreSQL database: prune_settled deletes settled webhook
// deliveries and read notifications past their days, and nothing else.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>

#include "server/store/open_backend.hpp"
#include "tests/support/each_backend.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace sp::server;

constexpr std::int64_t kDay = 24 * 3600;
constexpr std::int64_t kNow = 1'800'000'000;
constexpr std::int64_t kKeepNotifications = 90 * kDay;
constexpr std::int64_t kKeepWebhooks = 30 * kDay;
constexpr int kLimit = 1000;

// One player's notifications and webhook deliveries in a migrated database.
struct Mailbox {
  sp::test::TempDir dir;
  std::unique_ptr<StoreBackend> backend = open_migrated_backend(sp::test::each_backend(dir), false);
  Records& db = backend->records();
  std::int64_t user = 0;

  Mailbox() {
    user = db.insert_user("ann", "x", 0);
  }

  std::int64_t notification(std::int64_t created_at) {
    return db.insert_notification(NotificationRecord{0, user, "your_turn", std::nullopt, "{}", created_at, false});
  }

  // Marks every notification so far read at `at`.
  void read_all(std::int64_t at) { db.mark_notifications_read(user, std::numeric_limits<std::int64_t>::max(), at); }

  std::int64_t pending_delivery(std::int64_t notification_id, std::int64_t at) {
    return db.insert_delivery(notification_id, "http://example.org/hook", "{}", at);
  }

  std::int64_t settled_delivery(std::int64_t notification_id, DeliveryStatus status, std::int64_t at) {
    const std::int64_t id = pending_delivery(notification_id, at);
    db.update_delivery(DeliveryRecord{id, notification_id, "http://example.org/hook", "{}", status, 1, at, "",
                                      DeliveryChannel::kWebhook, std::nullopt, {}}, at, Claim{});
    return id;
  }

  bool has_notification(std::int64_t id) {
    const auto all = db.notifications_of(user, 0, std::numeric_limits<int>::max());
    return std::any_of(all.begin(), all.end(), [id](const NotificationRecord& n) { return n.id == id; });
  }
  bool has_delivery(std::int64_t id) { return db.load_delivery(id).has_value(); }

  PrunedRows prune(std::int64_t keep_notifications = kKeepNotifications, std::int64_t keep_webhooks = kKeepWebhooks,
                   int limit = kLimit) {
    return db.prune_settled(kNow, keep_notifications, keep_webhooks, limit);
  }
};

}  // namespace

TEST_CASE("a notification read past its days goes, with its delivery settled past theirs") {
  Mailbox box;
  const std::int64_t old = kNow - 100 * kDay;
  const std::int64_t notification = box.notification(old);
  const std::int64_t delivery = box.settled_delivery(notification, DeliveryStatus::kDelivered, old);
  box.read_all(old);
  const PrunedRows pruned = box.prune();
  CHECK(pruned.deliveries == 1);
  CHECK(pruned.notifications == 1);
  CHECK_FALSE(box.has_delivery(delivery));
  CHECK_FALSE(box.has_notification(notification));
}

TEST_CASE("a delivery given up goes like a delivered one") {
  Mailbox box;
  const std::int64_t old = kNow - 31 * kDay;
  const std::int64_t delivery = box.settled_delivery(box.notification(old), DeliveryStatus::kGivenUp, old);
  CHECK(box.prune().deliveries == 1);
  CHECK_FALSE(box.has_delivery(delivery));
}

TEST_CASE("an unread notification stays however old") {
  Mailbox box;
  const std::int64_t notification = box.notification(kNow - 1000 * kDay);
  CHECK(box.prune().notifications == 0);
  CHECK(box.has_notification(notification));
}

TEST_CASE("a pending delivery stays however old, and keeps its read notification") {
  Mailbox box;
  const std::int64_t old = kNow - 1000 * kDay;
  const std::int64_t notification = box.notification(old);
  const std::int64_t delivery = box.pending_delivery(notification, old);
  box.read_all(old);
  const PrunedRows pruned = box.prune();
  CHECK(pruned.deliveries == 0);
  CHECK(pruned.notifications == 0);
  CHECK(box.has_delivery(delivery));
  CHECK(box.has_notification(notification));
}

TEST_CASE("a settled delivery kept within its days keeps its notification read long ago") {
  Mailbox box;
  const std::int64_t notification = box.notification(kNow - 100 * kDay);
  box.read_all(kNow - 100 * kDay);
  const std::int64_t delivery = box.settled_delivery(notification, DeliveryStatus::kDelivered, kNow - 29 * kDay);
  CHECK(box.prune().notifications == 0);
  CHECK(box.has_delivery(delivery));
  CHECK(box.has_notification(notification));
}

TEST_CASE("rows read or settled no longer ago than their days stay") {
  Mailbox box;
  const std::int64_t read_90_days_ago = box.notification(kNow - 200 * kDay);
  box.read_all(kNow - kKeepNotifications);
  const std::int64_t settled_30_days_ago =
      box.settled_delivery(box.notification(kNow), DeliveryStatus::kDelivered, kNow - kKeepWebhooks);
  const PrunedRows pruned = box.prune();
  CHECK(pruned.deliveries == 0);
  CHECK(pruned.notifications == 0);
  CHECK(box.has_notification(read_90_days_ago));
  CHECK(box.has_delivery(settled_30_days_ago));
}

TEST_CASE("0 days keeps rows forever") {
  Mailbox box;
  const std::int64_t old = kNow - 1000 * kDay;
  const std::int64_t notification = box.notification(old);
  box.read_all(old);
  const std::int64_t delivery = box.settled_delivery(box.notification(old), DeliveryStatus::kDelivered, old);
  const PrunedRows pruned = box.prune(0, 0);
  CHECK(pruned.deliveries == 0);
  CHECK(pruned.notifications == 0);
  CHECK(box.has_notification(notification));
  CHECK(box.has_delivery(delivery));
}

TEST_CASE("one call deletes at most its limit of each table") {
  Mailbox box;
  const std::int64_t old = kNow - 100 * kDay;
  for (int i = 0; i < 5; ++i) box.settled_delivery(box.notification(old), DeliveryStatus::kDelivered, old);
  for (int i = 0; i < 5; ++i) box.notification(old);
  box.read_all(old);
  const PrunedRows first = box.prune(kKeepNotifications, kKeepWebhooks, 3);
  CHECK(first.deliveries == 3);
  CHECK(first.notifications == 3);
  const PrunedRows second = box.prune(kKeepNotifications, kKeepWebhooks, 3);
  CHECK(second.deliveries == 2);
  CHECK(second.notifications == 3);
  const PrunedRows third = box.prune(kKeepNotifications, kKeepWebhooks, 3);
  CHECK(third.deliveries == 0);
  CHECK(third.notifications == 3);
  CHECK(box.prune(kKeepNotifications, kKeepWebhooks, 3).notifications == 1);
}

TEST_CASE("an expired session goes; one still valid stays") {
  Mailbox box;
  box.db.insert_session("expired", box.user, kNow - 31 * kDay, kNow - kDay);
  box.db.insert_session("just_expired", box.user, kNow - 30 * kDay, kNow);
  box.db.insert_session("valid", box.user, kNow, kNow + 30 * kDay);
  CHECK(box.db.delete_expired_sessions(kNow, kLimit) == 2);
  CHECK_FALSE(box.db.find_session_user("expired", kNow - 2 * kDay));
  CHECK(box.db.find_session_user("valid", kNow));
  CHECK(box.db.delete_expired_sessions(kNow, kLimit) == 0);
}
