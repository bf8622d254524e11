// Rows and queries of correspondence play (schema/0002_correspondence.sql):
// seat controllers and timeouts, a table's pace and deadline, robot users,
// vacations, notifications and the webhook outbox, and their retention. Like
// records.hpp, every function runs on the store's writer thread; failures
// throw DatabaseError.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/database.hpp"

namespace sp::server {

// Robots ---------------------------------------------------------------------

// The robot pseudo-user number `index` (0..4), created on first use. Robots
// have names no player can register (they contain a space) and no password.
std::int64_t robot_user(Database& db, int index);

// Seats and the table's pace -------------------------------------------------

void update_seat_control(Database& db, std::int64_t table_id, int seat, const std::string& controller,
                         int timeouts);
void update_table_pace(Database& db, std::int64_t table_id, std::optional<std::int64_t> move_seconds,
                       std::optional<int> takeover_after, const std::string& takeover_by);
// The deadline of the move awaited: `at` while it runs, `left` while paused.
void update_table_deadline(Database& db, std::int64_t table_id, std::optional<std::int64_t> at,
                           std::optional<std::int64_t> left);
// Playing tables with a running deadline: (table id, deadline).
std::vector<std::pair<std::int64_t, std::int64_t>> running_deadlines(Database& db);

// Vacations ------------------------------------------------------------------

struct VacationRecord {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
  std::int64_t starts_at = 0;
  std::int64_t ends_at = 0;
  std::optional<std::int64_t> ended_at;
};

std::int64_t insert_vacation(Database& db, std::int64_t user_id, std::int64_t starts_at, std::int64_t ends_at);
void close_vacation(Database& db, std::int64_t id, std::int64_t ended_at);
std::vector<VacationRecord> vacations_of(Database& db, std::int64_t user_id, std::int64_t started_since);
// The user's vacation in progress at `now`, if any.
std::optional<VacationRecord> current_vacation(Database& db, std::int64_t user_id, std::int64_t now);
// Vacations not yet closed (the scheduler closes each at its end).
std::vector<VacationRecord> open_vacations(Database& db);
bool is_on_vacation(Database& db, std::int64_t user_id, std::int64_t now);

// Notifications and webhooks ------------------------------------------------

struct NotificationRecord {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
  std::string kind;
  std::optional<std::int64_t> table_id;
  std::string body_json;
  std::int64_t created_at = 0;
  bool read = false;
};

bool is_robot_user(Database& db, std::int64_t user_id);
std::int64_t insert_notification(Database& db, const NotificationRecord& n);
std::vector<NotificationRecord> notifications_of(Database& db, std::int64_t user_id, std::int64_t after_id, int limit);
std::int64_t unread_notifications(Database& db, std::int64_t user_id);
void mark_notifications_read(Database& db, std::int64_t user_id, std::int64_t up_to_id, std::int64_t now);

void update_webhook_url(Database& db, std::int64_t user_id, const std::optional<std::string>& url);
std::optional<std::string> webhook_url_of(Database& db, std::int64_t user_id);

struct DeliveryRecord {
  std::int64_t id = 0;
  std::int64_t notification_id = 0;
  std::string url;
  std::string body_json;
  std::string status;  // pending, delivered, given_up
  int attempts = 0;
  std::int64_t next_attempt_at = 0;
  std::string last_error;
};

std::int64_t insert_delivery(Database& db, std::int64_t notification_id, const std::string& url,
                             const std::string& body_json, std::int64_t now);
std::vector<DeliveryRecord> due_deliveries(Database& db, std::int64_t now, int limit);
std::optional<std::int64_t> next_delivery_at(Database& db);
void update_delivery(Database& db, const DeliveryRecord& d, std::int64_t now);
std::optional<DeliveryRecord> load_delivery(Database& db, std::int64_t id);

// Retention ------------------------------------------------------------------

struct PrunedRows {
  int deliveries = 0;
  int notifications = 0;
  int sessions = 0;  // expired login sessions (delete_expired_sessions)
};

// Deletes at most `limit` webhook deliveries settled (delivered or given up)
// more than `keep_webhooks_seconds` before `now`, then at most `limit`
// notifications read more than `keep_notifications_seconds` before `now` that
// no delivery refers to any more. A period of 0 keeps those rows forever.
// Pending deliveries and unread notifications are never deleted.
PrunedRows prune_settled(Database& db, std::int64_t now, std::int64_t keep_notifications_seconds,
                         std::int64_t keep_webhooks_seconds, int limit);

}  // namespace sp::server
