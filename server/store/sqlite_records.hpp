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
  std::optional<std::int64_t> session_expires_at(const std::string& token_hash) override;
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
  void set_seat_contribution(std::int64_t table_id, int seat,
                             const std::optional<protocol::DealBytes>& contribution) override;
  void delete_seat(std::int64_t table_id, std::int64_t user_id) override;
  bool is_invited(std::int64_t table_id, std::int64_t user_id) override;
  void insert_invitation(std::int64_t table_id, std::int64_t user_id, std::int64_t invited_by, std::int64_t now) override;
  void start_table(std::int64_t table_id, std::uint64_t seed, const std::string& state_hash, std::int64_t now) override;
  bool abort_table(std::int64_t table_id, std::int64_t now, std::optional<TableStatus> only_if) override;
  void set_imported_table_status(std::int64_t table_id, TableStatus status, std::int64_t created_at) override;
  void update_seat_control(std::int64_t table_id, int seat, SeatController controller, int timeouts) override;
  void update_standing_orders(std::int64_t table_id, int seat, const std::string& orders) override;
  void update_table_pace(std::int64_t table_id, std::optional<std::int64_t> move_seconds, std::optional<int> takeover_after, SeatController takeover_by) override;
  void update_table_deadline(std::int64_t table_id, std::optional<std::int64_t> at, std::optional<std::int64_t> left) override;
  std::vector<std::pair<std::int64_t, std::int64_t>> running_deadlines() override;
  void check_lease(std::int64_t table_id, const LeaseFence& fence) override;
  void append_move(std::int64_t table_id, const MoveRecord& move, TableStatus status) override;
  std::vector<MoveRecord> load_moves(std::int64_t table_id) override;
  void each_started_game(std::optional<std::int64_t> table_id, const GameVisitor& visit) override;
  void replace_snapshot(std::int64_t table_id, const SnapshotRecord& snapshot) override;
  std::optional<SnapshotRecord> load_latest_snapshot(std::int64_t table_id) override;
  std::int64_t insert_chat(std::int64_t table_id, std::int64_t user_id, const std::string& text, std::int64_t now) override;
  ChatPage chat_page(std::int64_t table_id, std::optional<std::int64_t> before, int limit) override;
  std::int64_t insert_vacation(std::int64_t user_id, std::int64_t starts_at, std::int64_t ends_at) override;
  bool close_vacation(std::int64_t id, std::int64_t ended_at) override;
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
  std::vector<DeliveryRecord> due_deliveries(std::int64_t now, int limit, const Claim& claim) override;
  std::optional<std::int64_t> next_delivery_at(std::int64_t now, const Claim& claim) override;
  bool update_delivery(const DeliveryRecord& delivery, std::int64_t now, const Claim& claim) override;
  std::optional<DeliveryRecord> load_delivery(std::int64_t id) override;
  void update_webhook_secret(std::int64_t user_id, const std::optional<std::string>& secret) override;
  std::int64_t upsert_push_subscription(const PushSubscriptionRecord& subscription) override;
  std::vector<PushSubscriptionRecord> push_subscriptions_of(std::int64_t user_id) override;
  bool delete_push_subscription(std::int64_t user_id, const std::string& endpoint) override;
  void delete_push_subscription_by_id(std::int64_t id) override;
  std::int64_t insert_push_delivery(std::int64_t notification_id, const PushSubscriptionRecord& to,
                                    const std::string& body_json, std::int64_t now) override;
  std::optional<VapidKeyRecord> vapid_key() override;
  VapidKeyRecord keep_vapid_key(const VapidKeyRecord& key, std::int64_t now) override;
  PrunedRows prune_settled(std::int64_t now, std::int64_t keep_notifications_seconds, std::int64_t keep_webhooks_seconds, int limit) override;
  ClaimAnswer claim_timed_work(TimedWork work, const Claim& claim) override;
  std::optional<EmailAddressRecord> email_of(std::int64_t user_id) override;
  void set_email(std::int64_t user_id, const std::string& address, const std::string& confirm_hash, std::int64_t expires_at, std::int64_t now) override;
  void delete_email(std::int64_t user_id) override;
  std::optional<std::int64_t> confirm_email(const std::string& confirm_hash, std::int64_t now) override;
  NoticeSettingsRecord notice_settings(std::int64_t user_id) override;
  void save_notice_settings(const NoticeSettingsRecord& settings) override;
  void set_notice_choice(std::int64_t user_id, NoticeKind kind, NoticeDelivery delivery) override;
  std::vector<std::int64_t> due_digests(std::int64_t now, int limit) override;
  std::optional<std::int64_t> next_digest_at() override;
  void set_next_digest_at(std::int64_t user_id, std::optional<std::int64_t> at) override;
  std::vector<WaitingTable> tables_waiting_for(std::int64_t user_id, std::int64_t now) override;
  std::vector<NotificationRecord> notifications_since(std::int64_t user_id, std::int64_t after, int limit) override;
  std::optional<NotificationRecord> load_notification(std::int64_t id) override;
  std::optional<std::string> table_name(std::int64_t table_id) override;
  bool insert_email(const EmailRecord& email, std::int64_t now) override;
  std::vector<EmailRecord> due_emails(std::int64_t now, int limit, const Claim& claim) override;
  int count_emails(std::int64_t user_id, EmailPurpose purpose, std::int64_t since) override;
  std::optional<std::int64_t> next_email_at(std::int64_t now, const Claim& claim) override;
  bool update_email(const EmailRecord& email, std::int64_t now, const Claim& claim) override;
  bool mark_deadline_warned(std::int64_t table_id, std::int64_t deadline_at, int hours_before) override;
  void set_waiting_user(std::int64_t table_id, std::optional<std::int64_t> user_id) override;
  std::optional<std::int64_t> table_deadline(std::int64_t table_id) override;
  std::string server_key(const std::string& purpose, const std::string& fresh, std::int64_t now) override;
  void set_table_terms(std::int64_t table_id, const TableTerms& terms) override;
  TableTerms table_terms(std::int64_t table_id) override;
  std::optional<RatingRecord> rating_of(std::int64_t user_id, RatingPool pool) override;
  void save_rating(std::int64_t user_id, RatingPool pool, const RatingRecord& rating) override;
  void clear_ratings() override;
  void insert_game_result(const GameResultRecord& result) override;
  void update_game_rating(const GameResultRecord& result) override;
  std::vector<GameResultRecord> game_results_of(std::int64_t user_id, int limit) override;
  std::vector<GameResultRecord> all_game_results() override;
  PlayerTotals player_totals(std::int64_t user_id) override;
  void log_admin_action(const AdminAction& action) override;
  std::vector<AdminAction> list_admin_actions(std::optional<std::int64_t> table, int limit) override;

 private:
  Database& db_;
};

}  // namespace sp::server
