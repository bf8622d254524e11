// The records' correspondence play: seat control, deadlines, vacations,
// notifications, webhooks and Web Push, retention, timed claims (sql_records.hpp).
#include <algorithm>
#include <array>
#include <initializer_list>

#include "server/store/sql_columns.hpp"
#include "server/store/sql_records.hpp"

namespace sp::server {
namespace {

constexpr const char* kVacationColumns = "id, user_id, starts_at, ends_at, ended_at, floating";

VacationRecord read_vacation(const auto& s) {
  return VacationRecord{s.column_int(0), s.column_int(1), s.column_int(2), s.column_int(3), optional_int(s, 4),
                        s.column_int(5) != 0};
}

std::vector<VacationRecord> read_vacations(auto& s) {
  std::vector<VacationRecord> out;
  while (s.step()) out.push_back(read_vacation(s));
  return out;
}

constexpr const char* kDeliveryColumns =
    "o.id, o.notification_id, o.url, o.body_json, o.status, o.attempts, o.next_attempt_at, "
    "coalesce(o.last_error, ''), o.channel, o.subscription_id";

DeliveryRecord read_delivery(const auto& s) {
  return DeliveryRecord{s.column_int(0),  s.column_int(1),
                        s.column_text(2), s.column_text(3),
                        parse_delivery_status(s.column_text(4)), static_cast<int>(s.column_int(5)),
                        s.column_int(6),  s.column_text(7),
                        parse_delivery_channel(s.column_text(8)), optional_int(s, 9),
                        DeliveryKeys{}, 0};
}

constexpr const char* kPushSubscriptionColumns = "id, user_id, endpoint, p256dh, auth, created_at";

PushSubscriptionRecord read_push_subscription(const auto& s) {
  return PushSubscriptionRecord{s.column_int(0),  s.column_int(1),  s.column_text(2),
                                s.column_text(3), s.column_text(4), s.column_int(5)};
}

int prune_deliveries(auto& db, std::int64_t settled_before, int limit) {
  // The status term is the partial index's own (schema/0004_retention.sql).
  db.prepare(
        "DELETE FROM webhook_outbox WHERE id IN (SELECT id FROM webhook_outbox "
        "WHERE status IN ('delivered', 'given_up') AND updated_at < ? LIMIT ?)")
      .bind(1, settled_before)
      .bind(2, static_cast<std::int64_t>(limit))
      .run();
  return db.changes();
}

int prune_notifications(auto& db, std::int64_t read_before, int limit) {
  // A delivery or an email still refers to its notification (a foreign key) until it goes.
  db.prepare(
        "DELETE FROM notifications WHERE id IN (SELECT n.id FROM notifications n WHERE n.read_at < ? AND "
        "NOT EXISTS (SELECT 1 FROM webhook_outbox w WHERE w.notification_id = n.id) AND "
        "NOT EXISTS (SELECT 1 FROM email_outbox e WHERE e.notification_id = n.id) LIMIT ?)")
      .bind(1, read_before)
      .bind(2, static_cast<std::int64_t>(limit))
      .run();
  return db.changes();
}

}  // namespace

template <NodePolicy Nodes>
std::int64_t SqlRecords<Nodes>::robot_user(int index) {
  static constexpr std::array<const char*, 5> kNames = {"Robot Anna", "Robot Boris", "Robot Vera",
                                                        "Robot Grigory", "Robot Dmitri"};
  const char* name = kNames.at(static_cast<std::size_t>(index));
  // '!' is no password hash: nobody can log in as a robot.
  db_.prepare("INSERT INTO users (name, password_hash, created_at, is_robot) VALUES (?, '!', 0, 1) ON CONFLICT DO NOTHING")
      .bind(1, name)
      .run();
  auto s = db_.prepare("SELECT id FROM users WHERE name = ? AND is_robot = 1");
  s.bind(1, name);
  if (!s.step()) throw DatabaseError(std::string("the robot user ") + name + " is missing");
  return s.column_int(0);
}

template <NodePolicy Nodes>
std::int64_t SqlRecords<Nodes>::robot_level_user(engine::RobotLevel level) {
  const auto number = static_cast<std::int64_t>(level);
  const std::string name = "Robot level " + std::to_string(number);
  // '!' is no password hash: nobody can log in as a robot.
  db_.prepare(
         "INSERT INTO users (name, password_hash, created_at, is_robot, robot_level) VALUES (?, '!', 0, 1, ?) "
         "ON CONFLICT DO NOTHING")
      .bind(1, name)
      .bind(2, number)
      .run();
  auto s = db_.prepare("SELECT id FROM users WHERE name = ? AND robot_level = ?");
  s.bind(1, name).bind(2, number);
  if (!s.step()) throw DatabaseError("the robot level's account " + name + " is missing");
  return s.column_int(0);
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::update_seat_control(std::int64_t table_id, int seat, SeatController controller, int timeouts,
                                            std::optional<engine::RobotLevel> robot_level) {
  auto s = db_.prepare("UPDATE seats SET controller = ?, timeouts = ?, robot_level = ? WHERE table_id = ? AND seat = ?");
  s.bind(1, to_string(controller)).bind(2, static_cast<std::int64_t>(timeouts));
  if (robot_level) {
    s.bind(3, static_cast<std::int64_t>(*robot_level));
  } else {
    s.bind_null(3);
  }
  s.bind(4, table_id).bind(5, static_cast<std::int64_t>(seat)).send();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::update_standing_orders(std::int64_t table_id, int seat, const std::string& orders) {
  db_.prepare("UPDATE seats SET standing_orders = ? WHERE table_id = ? AND seat = ?")
      .bind(1, orders)
      .bind(2, table_id)
      .bind(3, static_cast<std::int64_t>(seat))
      .send();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::update_table_pace(std::int64_t table_id, std::optional<std::int64_t> move_seconds,
                                      std::optional<int> takeover_after, SeatController takeover_by) {
  auto s = db_.prepare("UPDATE game_tables SET move_seconds = ?, takeover_after = ?, takeover_by = ? WHERE id = ?");
  bind_optional(s, 1, move_seconds);
  bind_optional(s, 2, takeover_after ? std::optional<std::int64_t>(*takeover_after) : std::nullopt);
  s.bind(3, to_string(takeover_by)).bind(4, table_id);
  s.run();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::update_table_bank(std::int64_t table_id, const TimeBankRecord& bank) {
  db_.prepare("UPDATE game_tables SET bank_initial = ?, bank_increment = ?, bank_cap = ? WHERE id = ?")
      .bind(1, bank.initial)
      .bind(2, bank.increment)
      .bind(3, bank.cap)
      .bind(4, table_id)
      .run();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::update_table_floating_vacation(std::int64_t table_id, bool allowed) {
  db_.prepare("UPDATE game_tables SET floating_vacation = ? WHERE id = ?")
      .bind(1, static_cast<std::int64_t>(allowed ? 1 : 0))
      .bind(2, table_id)
      .run();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::update_table_timeout_vote(std::int64_t table_id, bool vote) {
  db_.prepare("UPDATE game_tables SET timeout_vote = ? WHERE id = ?")
      .bind(1, static_cast<std::int64_t>(vote ? 1 : 0))
      .bind(2, table_id)
      .run();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::update_table_clocks(std::int64_t table_id, std::optional<int> clock_seat,
                                            std::optional<std::int64_t> since, const std::vector<std::int64_t>& left) {
  auto s = db_.prepare("UPDATE game_tables SET clock_seat = ?, clock_since = ? WHERE id = ?");
  bind_optional(s, 1, clock_seat ? std::optional<std::int64_t>(*clock_seat) : std::nullopt);
  bind_optional(s, 2, since);
  s.bind(3, table_id);
  s.send();
  for (std::size_t seat = 0; seat < left.size(); ++seat) {
    db_.prepare("UPDATE seats SET clock_left = ? WHERE table_id = ? AND seat = ?")
        .bind(1, left[seat])
        .bind(2, table_id)
        .bind(3, static_cast<std::int64_t>(seat))
        .send();
  }
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::update_table_deadline(std::int64_t table_id, std::optional<std::int64_t> at,
                                          std::optional<std::int64_t> left) {
  auto s = db_.prepare("UPDATE game_tables SET deadline_at = ?, deadline_left = ? WHERE id = ?");
  bind_optional(s, 1, at);
  bind_optional(s, 2, left);
  s.bind(3, table_id);
  s.send();
}

template <NodePolicy Nodes>
std::vector<std::pair<std::int64_t, std::int64_t>> SqlRecords<Nodes>::running_deadlines() {
  auto s = db_.prepare(
      "SELECT id, deadline_at FROM game_tables WHERE status = 'playing' AND deadline_at IS NOT NULL ORDER BY id");
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  while (s.step()) out.emplace_back(s.column_int(0), s.column_int(1));
  return out;
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::hold_user(std::int64_t user_id) {
  auto s = db_.prepare(std::string("SELECT id FROM users WHERE id = ?") + Nodes::kClauses.for_update);
  s.bind(1, user_id);
  // Read to its end: the lock is taken as the row is read.
  while (s.step()) {
  }
}

template <NodePolicy Nodes>
std::int64_t SqlRecords<Nodes>::insert_vacation(std::int64_t user_id, std::int64_t starts_at, std::int64_t ends_at,
                                                bool floating) {
  const std::int64_t id =
      db_.prepare("INSERT INTO vacations (user_id, starts_at, ends_at, floating) VALUES (?, ?, ?, ?) RETURNING id")
          .bind(1, user_id)
          .bind(2, starts_at)
          .bind(3, ends_at)
          .bind(4, static_cast<std::int64_t>(floating ? 1 : 0))
          .returned_id();
  Nodes::tell_nodes(db_, TimedWork::kVacationEnd, user_id);
  return id;
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::close_vacation(std::int64_t id, std::int64_t ended_at) {
  // Two nodes closing one vacation: the second waits for the first's row lock,
  // then finds it closed and changes nothing.
  db_.prepare("UPDATE vacations SET ended_at = ? WHERE id = ? AND ended_at IS NULL").bind(1, ended_at).bind(2, id).run();
  return db_.changes() > 0;
}

template <NodePolicy Nodes>
std::vector<VacationRecord> SqlRecords<Nodes>::vacations_of(std::int64_t user_id, std::int64_t started_since) {
  auto s = db_.prepare(std::string("SELECT ") + kVacationColumns +
                       " FROM vacations WHERE user_id = ? AND starts_at >= ? ORDER BY starts_at");
  s.bind(1, user_id).bind(2, started_since);
  return read_vacations(s);
}

template <NodePolicy Nodes>
std::optional<VacationRecord> SqlRecords<Nodes>::current_vacation(std::int64_t user_id, std::int64_t now) {
  auto s = db_.prepare(std::string("SELECT ") + kVacationColumns +
                       " FROM vacations WHERE user_id = ?1 AND ended_at IS NULL AND starts_at <= ?2 AND ends_at > ?2 "
                       "ORDER BY starts_at DESC LIMIT 1");
  s.bind(1, user_id).bind(2, now);
  if (!s.step()) return std::nullopt;
  return read_vacation(s);
}

template <NodePolicy Nodes>
std::vector<VacationRecord> SqlRecords<Nodes>::open_vacations() {
  auto s = db_.prepare(std::string("SELECT ") + kVacationColumns + " FROM vacations WHERE ended_at IS NULL ORDER BY id");
  return read_vacations(s);
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::is_robot_user(std::int64_t user_id) {
  auto s = db_.prepare("SELECT is_robot FROM users WHERE id = ?");
  s.bind(1, user_id);
  return s.step() && s.column_int(0) != 0;
}

template <NodePolicy Nodes>
std::int64_t SqlRecords<Nodes>::insert_notification(const NotificationRecord& n) {
  auto s = db_.prepare("INSERT INTO notifications (user_id, kind, table_id, body_json, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id");
  s.bind(1, n.user_id).bind(2, n.kind);
  bind_optional(s, 3, n.table_id);
  s.bind(4, n.body_json).bind(5, n.created_at);
  return s.returned_id();
}

template <NodePolicy Nodes>
std::vector<NotificationRecord> SqlRecords<Nodes>::notifications_of(std::int64_t user_id, std::int64_t after_id, int limit) {
  // The newest `limit` after `after_id`, returned oldest first.
  auto s = db_.prepare(
      "SELECT id, user_id, kind, table_id, body_json, created_at, read_at IS NOT NULL FROM "
      "(SELECT * FROM notifications WHERE user_id = ? AND id > ? ORDER BY id DESC LIMIT ?) AS newest ORDER BY id");
  s.bind(1, user_id).bind(2, after_id).bind(3, static_cast<std::int64_t>(limit));
  std::vector<NotificationRecord> out;
  while (s.step()) {
    out.push_back(NotificationRecord{s.column_int(0), s.column_int(1), s.column_text(2), optional_int(s, 3),
                                     s.column_text(4), s.column_int(5), s.column_int(6) != 0});
  }
  return out;
}

template <NodePolicy Nodes>
std::int64_t SqlRecords<Nodes>::unread_notifications(std::int64_t user_id) {
  auto s = db_.prepare("SELECT count(*) FROM notifications WHERE user_id = ? AND read_at IS NULL");
  s.bind(1, user_id);
  s.step();
  return s.column_int(0);
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::mark_notifications_read(std::int64_t user_id, std::int64_t up_to_id, std::int64_t now) {
  db_.prepare("UPDATE notifications SET read_at = ? WHERE user_id = ? AND id <= ? AND read_at IS NULL")
      .bind(1, now)
      .bind(2, user_id)
      .bind(3, up_to_id)
      .run();
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::update_webhook_url(std::int64_t user_id, const std::optional<std::string>& url) {
  auto s = db_.prepare("UPDATE users SET webhook_url = ? WHERE id = ?");
  if (url) {
    s.bind(1, *url);
  } else {
    s.bind_null(1);
  }
  s.bind(2, user_id);
  s.run();
}

template <NodePolicy Nodes>
std::optional<std::string> SqlRecords<Nodes>::webhook_url_of(std::int64_t user_id) {
  auto s = db_.prepare("SELECT webhook_url FROM users WHERE id = ?");
  s.bind(1, user_id);
  if (!s.step() || s.column_is_null(0)) return std::nullopt;
  return s.column_text(0);
}

template <NodePolicy Nodes>
std::int64_t SqlRecords<Nodes>::insert_delivery(std::int64_t notification_id, const std::string& url,
                                                const std::string& body_json, std::int64_t now) {
  const std::int64_t id = db_.prepare(
        "INSERT INTO webhook_outbox (notification_id, url, body_json, status, attempts, next_attempt_at, updated_at) "
        "VALUES (?, ?, ?, 'pending', 0, ?, ?) RETURNING id")
      .bind(1, notification_id)
      .bind(2, url)
      .bind(3, body_json)
      .bind(4, now)
      .bind(5, now)
      .returned_id();
  Nodes::tell_nodes(db_, TimedWork::kWebhooks, 0);
  return id;
}

template <NodePolicy Nodes>
std::vector<DeliveryRecord> SqlRecords<Nodes>::due_deliveries(std::int64_t now, int limit, const Claim& claim) {
  // The keys come from the channel's state now: a webhook's secret only while
  // the delivery's address is still its user's webhook, a subscription's keys
  // only while it exists and is still the notified user's.
  static const std::string sql =
      Nodes::due_outbox_rows("webhook_outbox", "o") + "SELECT " + kDeliveryColumns +
      ", coalesce(u.webhook_secret, ''), coalesce(p.p256dh, ''), coalesce(p.auth, ''), n.created_at "
      "FROM o JOIN notifications n ON n.id = o.notification_id "
      "LEFT JOIN users u ON u.id = n.user_id AND o.channel = 'webhook' AND u.webhook_url = o.url "
      "LEFT JOIN push_subscriptions p ON p.id = o.subscription_id AND o.channel = 'push' "
      "AND p.user_id = n.user_id ORDER BY o.next_attempt_at, o.id";
  auto s = db_.prepare(sql);
  s.bind(1, now).bind(2, static_cast<std::int64_t>(limit));
  Nodes::bind_claim(s, claim);
  std::vector<DeliveryRecord> out;
  while (s.step()) {
    DeliveryRecord d = read_delivery(s);
    d.keys = DeliveryKeys{s.column_text(10), s.column_text(11), s.column_text(12)};
    d.notified_at = s.column_int(13);
    out.push_back(std::move(d));
  }
  return out;
}

template <NodePolicy Nodes>
std::optional<std::int64_t> SqlRecords<Nodes>::next_delivery_at(std::int64_t now, const Claim& claim) {
  static const std::string sql = Nodes::next_due_in_outbox("webhook_outbox");
  auto s = db_.prepare(sql);
  Nodes::bind_next_due(s, now, claim);
  if (!s.step() || s.column_is_null(0)) return std::nullopt;
  return s.column_int(0);
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::update_delivery(const DeliveryRecord& d, std::int64_t now, const Claim& claim) {
  // Only the claimant records an outcome. A row never claimed (one node's,
  // or written by a tool) has no claimant to check.
  static const std::string sql =
      std::string("UPDATE webhook_outbox SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ?, "
                  "updated_at = ?") +
      Nodes::kClauses.ends_claim + " WHERE id = ? AND (claimed_by IS NULL OR claimed_by = ?)";
  auto s = db_.prepare(sql);
  s.bind(1, to_string(d.status)).bind(2, static_cast<std::int64_t>(d.attempts)).bind(3, d.next_attempt_at);
  if (d.last_error.empty()) {
    s.bind_null(4);
  } else {
    s.bind(4, d.last_error);
  }
  s.bind(5, now).bind(6, d.id).bind(7, claim.node);
  s.run();
  return db_.changes() > 0;
}

template <NodePolicy Nodes>
std::optional<DeliveryRecord> SqlRecords<Nodes>::load_delivery(std::int64_t id) {
  auto s = db_.prepare(std::string("SELECT ") + kDeliveryColumns + " FROM webhook_outbox o WHERE o.id = ?");
  s.bind(1, id);
  if (!s.step()) return std::nullopt;
  return read_delivery(s);
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::update_webhook_secret(std::int64_t user_id, const std::optional<std::string>& secret) {
  auto s = db_.prepare("UPDATE users SET webhook_secret = ? WHERE id = ?");
  if (secret) {
    s.bind(1, *secret);
  } else {
    s.bind_null(1);
  }
  s.bind(2, user_id);
  s.run();
}

template <NodePolicy Nodes>
std::int64_t SqlRecords<Nodes>::upsert_push_subscription(const PushSubscriptionRecord& sub) {
  db_.prepare(
        "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, "
        "auth = excluded.auth, created_at = excluded.created_at")
      .bind(1, sub.user_id)
      .bind(2, sub.endpoint)
      .bind(3, sub.p256dh)
      .bind(4, sub.auth)
      .bind(5, sub.created_at)
      .run();
  auto s = db_.prepare("SELECT id FROM push_subscriptions WHERE endpoint = ?");
  s.bind(1, sub.endpoint);
  if (!s.step()) throw DatabaseError("the push subscription just stored is missing");
  return s.column_int(0);
}

template <NodePolicy Nodes>
std::vector<PushSubscriptionRecord> SqlRecords<Nodes>::push_subscriptions_of(std::int64_t user_id) {
  auto s = db_.prepare(std::string("SELECT ") + kPushSubscriptionColumns +
                       " FROM push_subscriptions WHERE user_id = ? ORDER BY id");
  s.bind(1, user_id);
  std::vector<PushSubscriptionRecord> out;
  while (s.step()) out.push_back(read_push_subscription(s));
  return out;
}

template <NodePolicy Nodes>
bool SqlRecords<Nodes>::delete_push_subscription(std::int64_t user_id, const std::string& endpoint) {
  db_.prepare("DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?").bind(1, user_id).bind(2, endpoint).run();
  return db_.changes() > 0;
}

template <NodePolicy Nodes>
void SqlRecords<Nodes>::delete_push_subscription_by_id(std::int64_t id) {
  db_.prepare("DELETE FROM push_subscriptions WHERE id = ?").bind(1, id).run();
}

template <NodePolicy Nodes>
std::int64_t SqlRecords<Nodes>::insert_push_delivery(std::int64_t notification_id, const PushSubscriptionRecord& to,
                                                     const std::string& body_json, std::int64_t now) {
  const std::int64_t id = db_.prepare(
        "INSERT INTO webhook_outbox (notification_id, url, body_json, status, attempts, next_attempt_at, updated_at, "
        "channel, subscription_id) VALUES (?, ?, ?, 'pending', 0, ?, ?, 'push', ?) RETURNING id")
      .bind(1, notification_id)
      .bind(2, to.endpoint)
      .bind(3, body_json)
      .bind(4, now)
      .bind(5, now)
      .bind(6, to.id)
      .returned_id();
  Nodes::tell_nodes(db_, TimedWork::kWebhooks, 0);
  return id;
}

template <NodePolicy Nodes>
std::optional<VapidKeyRecord> SqlRecords<Nodes>::vapid_key() {
  auto s = db_.prepare("SELECT private_pem, public_key FROM vapid_keys WHERE id = 1");
  if (!s.step()) return std::nullopt;
  return VapidKeyRecord{s.column_text(0), s.column_text(1)};
}

template <NodePolicy Nodes>
VapidKeyRecord SqlRecords<Nodes>::keep_vapid_key(const VapidKeyRecord& key, std::int64_t now) {
  db_.prepare("INSERT INTO vapid_keys (id, private_pem, public_key, created_at) VALUES (1, ?, ?, ?) ON CONFLICT DO NOTHING")
      .bind(1, key.private_pem)
      .bind(2, key.public_key)
      .bind(3, now)
      .run();
  if (auto stored = vapid_key()) return *stored;
  throw DatabaseError("the VAPID key just stored is missing");
}

template <NodePolicy Nodes>
PrunedRows SqlRecords<Nodes>::prune_settled(std::int64_t now, std::int64_t keep_notifications_seconds,
                                        std::int64_t keep_webhooks_seconds, int limit) {
  PrunedRows pruned;
  // Deliveries first: a notification whose last delivery goes now may go too.
  if (keep_webhooks_seconds > 0) {
    pruned.deliveries = prune_deliveries(db_, now - keep_webhooks_seconds, limit);
    // Settled emails are kept as long as webhook deliveries.
    db_.prepare(
          "DELETE FROM email_outbox WHERE id IN (SELECT id FROM email_outbox "
          "WHERE status IN ('delivered', 'given_up') AND updated_at < ? LIMIT ?)")
        .bind(1, now - keep_webhooks_seconds)
        .bind(2, static_cast<std::int64_t>(limit))
        .run();
    pruned.deliveries += db_.changes();
  }
  if (keep_notifications_seconds > 0) {
    pruned.notifications = prune_notifications(db_, now - keep_notifications_seconds, limit);
  }
  return pruned;
}

template <NodePolicy Nodes>
OutboxDepth SqlRecords<Nodes>::outbox_depth(std::int64_t now) {
  // A pending row with attempts behind it was due once: it stays in the
  // backlog while it waits for its retry. A webhook's or push message's age
  // is its notification's, as in spb_notice_delivery_seconds.
  static const std::string deliveries =
      "SELECT count(*), coalesce(sum(CASE WHEN o.next_attempt_at <= ?1 AND " + Nodes::unclaimed("o") +
      " THEN 1 ELSE 0 END), 0), min(n.created_at) FROM webhook_outbox o "
      "JOIN notifications n ON n.id = o.notification_id "
      "WHERE o.status = 'pending' AND (o.next_attempt_at <= ?1 OR o.attempts > 0)";
  static const std::string emails =
      "SELECT count(*), coalesce(sum(CASE WHEN o.next_attempt_at <= ?1 AND " + Nodes::unclaimed("o") +
      " THEN 1 ELSE 0 END), 0), min(o.created_at) FROM email_outbox o "
      "WHERE o.status = 'pending' AND (o.next_attempt_at <= ?1 OR o.attempts > 0)";
  OutboxDepth out;
  for (const std::string* sql : {&deliveries, &emails}) {
    auto s = db_.prepare(*sql);
    s.bind(1, now);
    if (!s.step()) continue;
    out.backlog += s.column_int(0);
    out.waiting += s.column_int(1);
    if (!s.column_is_null(2)) {
      const std::int64_t created = s.column_int(2);
      out.oldest_created_at = out.oldest_created_at ? std::min(*out.oldest_created_at, created) : created;
    }
  }
  return out;
}

template <NodePolicy Nodes>
ClaimAnswer SqlRecords<Nodes>::claim_timed_work(TimedWork work, const Claim& claim) {
  return Nodes::claim_timed_work(db_, work, claim);
}

}  // namespace sp::server
