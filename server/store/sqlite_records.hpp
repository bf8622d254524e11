// Records over SQLite: today's SQL, one statement (or two) per method, on a
// Database (database.hpp) whose prepared statements are cached, so a
// statement the writer runs for every move is compiled once.
//
// The method bodies are grouped as the rows are: sqlite_records.cpp (accounts,
// tables, the move log, snapshots, chat), sqlite_correspondence_records.cpp
// (seat control, deadlines, vacations, notifications, webhooks, retention),
// sqlite_admin_records.cpp (the administrators' log, whole games for tools).
#pragma once

#include "server/store/database.hpp"
#include "server/store/records.hpp"

namespace sp::server {

class SqliteRecords final : public Records {
 public:
  // `db` outlives this.
  explicit SqliteRecords(Database& db) : db_(db) {}

  std::optional<UserRecord> find_user_by_name(const std::string& name) override;
  std::optional<UserRecord> find_user(std::int64_t user_id) override;
  std::int64_t insert_user(const std::string& name, const std::string& password_hash, std::int64_t now) override;
  void set_password_hash(std::int64_t user_id, const std::string& password_hash) override;
  bool is_robot_user(std::int64_t user_id) override;
  std::int64_t robot_user(int index) override;
  void insert_session(const std::string& token_hash, std::int64_t user_id, std::int64_t now, std::int64_t expires_at) override;
  std::optional<UserRecord> find_session_user(const std::string& token_hash, std::int64_t now) override;
  void delete_session(const std::string& token_hash) override;
  void delete_user_sessions(std::int64_t user_id, const std::string& keep) override;
  int delete_expired_sessions(std::int64_t now, int limit) override;
  std::int64_t insert_table(const TableRecord& table, std::int64_t now) override;
  std::optional<TableRecord> load_table(std::int64_t id) override;
  std::vector<TableRecord> list_tables(TableStatus status, int limit) override;
  std::vector<TableRecord> tables_of_user(std::int64_t user_id) override;
  std::vector<std::int64_t> table_ids_with_status(TableStatus status) override;
  std::vector<std::int64_t> started_table_ids() override;
  void insert_seat(std::int64_t table_id, int seat, std::int64_t user_id) override;
  void delete_seat(std::int64_t table_id, std::int64_t user_id) override;
  bool is_invited(std::int64_t table_id, std::int64_t user_id) override;
  void insert_invitation(std::int64_t table_id, std::int64_t user_id, std::int64_t invited_by, std::int64_t now) override;
  void start_table(std::int64_t table_id, std::uint64_t seed, const std::string& state_hash, std::int64_t now) override;
  bool abort_table(std::int64_t table_id, std::int64_t now, std::optional<TableStatus> only_if) override;
  void set_imported_table_status(std::int64_t table_id, TableStatus status, std::int64_t created_at) override;
  void update_seat_control(std::int64_t table_id, int seat, SeatController controller, int timeouts) override;
  void update_table_pace(std::int64_t table_id, std::optional<std::int64_t> move_seconds, std::optional<int> takeover_after, SeatController takeover_by) override;
  void update_table_deadline(std::int64_t table_id, std::optional<std::int64_t> at, std::optional<std::int64_t> left) override;
  std::vector<std::pair<std::int64_t, std::int64_t>> running_deadlines() override;
  void append_move(std::int64_t table_id, const MoveRecord& move, TableStatus status) override;
  std::vector<MoveRecord> load_moves(std::int64_t table_id) override;
  void each_started_game(std::optional<std::int64_t> table_id, const GameVisitor& visit) override;
  void replace_snapshot(std::int64_t table_id, const SnapshotRecord& snapshot) override;
  std::optional<SnapshotRecord> load_latest_snapshot(std::int64_t table_id) override;
  std::int64_t insert_chat(std::int64_t table_id, std::int64_t user_id, const std::string& text, std::int64_t now) override;
  ChatPage chat_page(std::int64_t table_id, std::optional<std::int64_t> before, int limit) override;
  std::int64_t insert_vacation(std::int64_t user_id, std::int64_t starts_at, std::int64_t ends_at) override;
  void close_vacation(std::int64_t id, std::int64_t ended_at) override;
  std::vector<VacationRecord> vacations_of(std::int64_t user_id, std::int64_t started_since) override;
  std::optional<VacationRecord> current_vacation(std::int64_t user_id, std::int64_t now) override;
  std::vector<VacationRecord> open_vacations() override;
  std::int64_t insert_notification(const NotificationRecord& notification) override;
  std::vector<NotificationRecord> notifications_of(std::int64_t user_id, std::int64_t after_id, int limit) override;
  std::int64_t unread_notifications(std::int64_t user_id) override;
  void mark_notifications_read(std::int64_t user_id, std::int64_t up_to_id, std::int64_t now) override;
  void update_webhook_url(std::int64_t user_id, const std::optional<std::string>& url) override;
  std::optional<std::string> webhook_url_of(std::int64_t user_id) override;
  std::int64_t insert_delivery(std::int64_t notification_id, const std::string& url, const std::string& body_json, std::int64_t now) override;
  std::vector<DeliveryRecord> due_deliveries(std::int64_t now, int limit) override;
  std::optional<std::int64_t> next_delivery_at() override;
  void update_delivery(const DeliveryRecord& delivery, std::int64_t now) override;
  std::optional<DeliveryRecord> load_delivery(std::int64_t id) override;
  PrunedRows prune_settled(std::int64_t now, std::int64_t keep_notifications_seconds, std::int64_t keep_webhooks_seconds, int limit) override;
  void log_admin_action(const AdminAction& action) override;
  std::vector<AdminAction> list_admin_actions(std::optional<std::int64_t> table, int limit) override;

 private:
  Database& db_;
};

}  // namespace sp::server
