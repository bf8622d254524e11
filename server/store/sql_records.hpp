// The records (records.hpp) over either database, written once: one class
// template over the policy `Nodes`, which names the connection and holds what
// differs between one node and several (the lease check, claims on timed
// work, telling the other nodes, how names are compared):
//   SqlRecords<OneNode>      SQLite, one server  (sqlite/sqlite_records.hpp)
//   SqlRecords<SeveralNodes> PostgreSQL, nodes sharing it (pg/pg_records.hpp)
// The two connections' statements have one surface (bind, step, columns,
// run, send, returned_id), so each method is one body and its SQL one text,
// in SQLite's dialect with ? placeholders, which SQLite 3.40 and PostgreSQL
// both read once PgConnection rewrites ? to $N (RETURNING id for new rows,
// ON CONFLICT for what is already there). Calls inside a method are not
// virtual: a move's statements bind and run straight on the connection, and
// each is prepared once and cached by its text.
//
// The bodies are grouped as the rows are, one file each, included by the two
// instantiating files (sqlite/sqlite_records.cpp, pg/pg_records.cpp):
// sql_records_tables.ipp (accounts, tables, the move log, snapshots, chat),
// sql_records_correspondence.ipp (seat control, deadlines, vacations,
// notifications, webhooks, retention), sql_records_mail.ipp (email notices),
// sql_records_ratings.ipp (ratings and profiles), sql_records_admin.ipp (the
// administrators' log, whole games for tools).
//
// A new method: declare it in records.hpp and here, and define it once in
// the family's .ipp file as `template <NodePolicy Nodes> ... SqlRecords<Nodes>::`.
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

#include "server/store/records.hpp"

namespace sp::server {

// The statement surface both connections give (sqlite/database.hpp,
// pg/pg_connection.hpp): bind by 1-based position, step through the rows or
// run, send (run, or pipelined where the connection can), the id an
// INSERT ... RETURNING id made, the columns by 0-based position.
template <class S>
concept SqlStatement = requires(S s, const S& row, int i, std::int64_t n, std::string_view text) {
  s.bind(i, n);
  s.bind(i, text);
  s.bind_real(i, 0.5);
  s.bind_blob(i, text);
  s.bind_null(i);
  { s.step() } -> std::same_as<bool>;
  s.run();
  s.send();
  { s.returned_id() } -> std::same_as<std::int64_t>;
  { row.column_int(i) } -> std::same_as<std::int64_t>;
  { row.column_real(i) } -> std::same_as<double>;
  { row.column_text(i) } -> std::same_as<std::string>;
  { row.column_blob(i) } -> std::same_as<std::string>;
  { row.column_is_null(i) } -> std::same_as<bool>;
};

// The clauses a policy adds to the records' statements.
struct NodeClauses {
  const char* same_name;    // WHERE: the user's name is ?
  const char* skip_locked;  // after the SELECT of due digests
  const char* ends_claim;   // SET: in the UPDATE of an outbox row with its outcome
  const char* for_update;   // after a SELECT whose rows the transaction holds until it ends
};

// What a policy gives: its connection (prepare, changes, and the engine's
// constants kAssignRewritesIndexes and kStreamsRows), its clauses, and the
// static functions the records call for the lease check, telling the nodes
// and the claims (sqlite/one_node.hpp, pg/several_nodes.hpp).
template <class Nodes>
concept NodePolicy = requires(typename Nodes::Connection& db) {
  requires SqlStatement<decltype(db.prepare(""))>;
  { db.changes() } -> std::same_as<int>;
  { Nodes::kClauses } -> std::convertible_to<NodeClauses>;
  { Nodes::due_outbox_rows("", "") } -> std::same_as<std::string>;
  { Nodes::next_due_in_outbox("") } -> std::same_as<std::string>;
  { Nodes::unclaimed("") } -> std::same_as<std::string>;
};

template <NodePolicy Nodes>
class SqlRecords final : public Records {
 public:
  using Connection = typename Nodes::Connection;

  // `db` outlives this.
  explicit SqlRecords(Connection& db) : db_(db) {}

  std::optional<UserRecord> find_user_by_name(const std::string& name) override;
  std::optional<UserRecord> find_user(std::int64_t user_id) override;
  std::int64_t insert_user(const std::string& name, const std::string& password_hash, std::int64_t now) override;
  void set_password_hash(std::int64_t user_id, const std::string& password_hash) override;
  bool is_robot_user(std::int64_t user_id) override;
  void flag_bot(std::int64_t user_id) override;
  bool has_sat_at_tables(std::int64_t user_id) override;
  std::int64_t robot_user(int index) override;
  std::int64_t robot_level_user(engine::RobotLevel level) override;
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
  std::vector<TableRecord> seated_tables(std::int64_t user_id) override;
  std::vector<std::int64_t> table_ids_with_status(TableStatus status) override;
  std::vector<std::int64_t> started_table_ids() override;
  void insert_seat(std::int64_t table_id, int seat, std::int64_t user_id) override;
  void set_seat_contribution(std::int64_t table_id, int seat,
                             const std::optional<protocol::DealBytes>& contribution) override;
  void delete_seat(std::int64_t table_id, std::int64_t user_id) override;
  bool is_invited(std::int64_t table_id, std::int64_t user_id) override;
  void insert_invitation(std::int64_t table_id, std::int64_t user_id, std::int64_t invited_by, std::int64_t now) override;
  void start_table(std::int64_t table_id, std::uint64_t seed, const std::string& state_hash, std::int64_t now) override;
  bool abort_table(std::int64_t table_id, std::int64_t now, std::optional<TableStatus> only_if,
                   const std::optional<std::string>& reason) override;
  void set_imported_table_status(std::int64_t table_id, TableStatus status, std::int64_t created_at) override;
  void update_seat_control(std::int64_t table_id, int seat, SeatController controller, int timeouts,
                           std::optional<engine::RobotLevel> robot_level) override;
  void update_standing_orders(std::int64_t table_id, int seat, const std::string& orders) override;
  void update_table_pace(std::int64_t table_id, std::optional<std::int64_t> move_seconds, std::optional<int> takeover_after, SeatController takeover_by) override;
  void update_table_deadline(std::int64_t table_id, std::optional<std::int64_t> at, std::optional<std::int64_t> left) override;
  void update_table_bank(std::int64_t table_id, const TimeBankRecord& bank) override;
  void update_table_floating_vacation(std::int64_t table_id, bool allowed) override;
  void update_table_timeout_vote(std::int64_t table_id, bool vote) override;
  void update_table_clocks(std::int64_t table_id, std::optional<int> clock_seat, std::optional<std::int64_t> since,
                           const std::vector<std::int64_t>& left) override;
  std::vector<std::pair<std::int64_t, std::int64_t>> running_deadlines() override;
  void check_lease(std::int64_t table_id, const LeaseFence& fence) override;
  void tell_followers(std::int64_t table_id, std::int64_t moves_before) override;
  void append_move(std::int64_t table_id, const MoveRecord& move, TableStatus status) override;
  std::vector<MoveRecord> load_moves(std::int64_t table_id) override;
  std::vector<MoveRecord> load_moves_after(std::int64_t table_id, std::int64_t after_move) override;
  void each_started_game(std::optional<std::int64_t> table_id, const GameVisitor& visit) override;
  void replace_snapshot(std::int64_t table_id, const SnapshotRecord& snapshot) override;
  std::optional<SnapshotRecord> load_latest_snapshot(std::int64_t table_id) override;
  std::int64_t insert_chat(std::int64_t table_id, std::int64_t user_id, const std::string& text, std::int64_t now) override;
  ChatPage chat_page(std::int64_t table_id, std::optional<std::int64_t> before, int limit) override;
  void hold_user(std::int64_t user_id) override;
  std::int64_t insert_vacation(std::int64_t user_id, std::int64_t starts_at, std::int64_t ends_at, bool floating) override;
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
  OutboxDepth outbox_depth(std::int64_t now) override;
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
  std::vector<std::int64_t> users_with_confirmed_email(const std::string& address) override;
  void insert_password_reset(std::int64_t user_id, const std::string& token_hash, std::int64_t now,
                             std::int64_t expires_at) override;
  int count_password_resets(std::int64_t user_id, std::int64_t since) override;
  std::optional<std::int64_t> password_reset_user(const std::string& token_hash, std::int64_t now) override;
  std::optional<std::int64_t> use_password_reset(const std::string& token_hash, std::int64_t now) override;
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
  std::int64_t insert_tournament(const TournamentRecord& t) override;
  std::optional<TournamentRecord> load_tournament(std::int64_t id) override;
  std::vector<TournamentRecord> list_tournaments(const std::vector<TournamentStatus>& statuses, int limit) override;
  bool register_player(std::int64_t tournament_id, std::int64_t user_id, std::int64_t now) override;
  bool unregister_player(std::int64_t tournament_id, std::int64_t user_id) override;
  void mark_player_left(std::int64_t tournament_id, std::int64_t user_id, LeftHow how, const std::optional<std::string>& reason, std::int64_t now) override;
  std::vector<TournamentPlayerRecord> tournament_players(std::int64_t tournament_id) override;
  void set_seed_rating(std::int64_t tournament_id, std::int64_t user_id, std::optional<double> rating) override;
  void set_tournament_rounds(std::int64_t tournament_id, int rounds) override;
  bool start_round(std::int64_t tournament_id, int round, std::int64_t now) override;
  bool claim_closing_notice(std::int64_t tournament_id) override;
  bool invite_to_tournament(std::int64_t tournament_id, std::int64_t user_id, std::int64_t by, std::int64_t now) override;
  bool invited_to_tournament(std::int64_t tournament_id, std::int64_t user_id) override;
  std::vector<std::string> tournament_invitees(std::int64_t tournament_id) override;
  void draw_tournament_deal(std::int64_t tournament_id, int round, const protocol::DealBytes& secret,
                            std::int64_t now) override;
  std::vector<TournamentDealRecord> tournament_deals(std::int64_t tournament_id) override;
  ContributionOutcome add_deal_contribution(std::int64_t tournament_id, int round, std::int64_t user_id,
                                            const protocol::DealBytes& contribution, std::int64_t now) override;
  bool finish_round(std::int64_t tournament_id, int round, std::int64_t now) override;
  bool end_tournament(std::int64_t tournament_id, TournamentStatus status, std::int64_t now) override;
  std::vector<TournamentRoundRecord> tournament_rounds(std::int64_t tournament_id) override;
  void insert_bye(std::int64_t tournament_id, int round, std::int64_t user_id) override;
  std::vector<TournamentByeRecord> tournament_byes(std::int64_t tournament_id) override;
  std::vector<TournamentTableRecord> tournament_tables(std::int64_t tournament_id) override;
  std::vector<TournamentResultRecord> tournament_results(std::int64_t tournament_id) override;
  std::vector<std::int64_t> active_tournament_ids() override;
  std::vector<std::int64_t> active_tournaments_of(std::int64_t user_id) override;
  std::int64_t insert_league(const LeagueRecord& l) override;
  std::optional<LeagueRecord> load_league(std::int64_t id) override;
  std::vector<LeagueRecord> list_leagues(int limit) override;
  std::vector<std::int64_t> league_ids() override;
  bool hold_league(std::int64_t league_id) override;
  bool join_league(std::int64_t league_id, std::int64_t user_id, std::int64_t now) override;
  bool leave_league(std::int64_t league_id, std::int64_t user_id, bool before_first_season, std::int64_t now) override;
  std::vector<LeaguePlayerRecord> league_players(std::int64_t league_id) override;
  bool start_season(std::int64_t league_id, int season, std::int64_t finish_by, std::int64_t now) override;
  bool finish_season(std::int64_t league_id, int season, std::int64_t next_season_at, std::int64_t now) override;
  std::vector<LeagueSeasonRecord> league_seasons(std::int64_t league_id) override;
  void insert_league_place(std::int64_t league_id, int season, const LeaguePlaceRecord& place) override;
  void set_league_move(std::int64_t league_id, int season, std::int64_t user_id, tournament::Move move) override;
  std::vector<LeaguePlaceRecord> league_places(std::int64_t league_id, int season) override;
  void insert_league_table(std::int64_t league_id, int season, const LeagueTableRecord& table) override;
  bool set_league_table_started(std::int64_t league_id, int season, int division, int round, int number,
                                std::int64_t table_id) override;
  std::vector<LeagueTableRecord> league_tables(std::int64_t league_id, int season) override;
  void insert_league_bye(std::int64_t league_id, int season, const LeagueByeRecord& bye) override;
  std::vector<LeagueByeRecord> league_byes(std::int64_t league_id, int season) override;
  std::vector<LeagueResultRecord> league_results(std::int64_t league_id, int season) override;
  std::vector<std::int64_t> leagues_of(std::int64_t user_id) override;
  void log_admin_action(const AdminAction& action) override;
  std::vector<AdminAction> list_admin_actions(std::optional<std::int64_t> table, int limit) override;

 private:
  Connection& db_;
};

}  // namespace sp::server
