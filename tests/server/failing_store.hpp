// A store whose chosen write fails, for the tests of what a storage failure
// does to the server (after LevelDB's fault-injecting Env and Beast's
// fail_count): FailingRecords decorates the real SQLite records, counts every
// write the jobs make through it, and makes the armed one throw
// DatabaseError("database or disk is full") as SQLite does when the disk is
// full; that write never reaches the file, and the writes after it go
// through again (the disk had room once more). Reads always go through.
//
// FailingBackend is a real SqliteBackend on a real file whose jobs get the
// FailingRecords: transactions, savepoints and group commit are the store's
// own, as in the server.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "server/store/sqlite/sqlite_backend.hpp"
#include "server/store/store_backend.hpp"

namespace sp::test {

class FailingRecords final : public server::Records {
 public:
  explicit FailingRecords(server::Records& inner) : inner_(inner) {}

  // The `n`th write from now (1: the next one) fails.
  void fail_write(std::int64_t n);
  // Whether the armed write was reached (and failed).
  bool failed() const { return failed_; }
  // Writes asked for so far, the failed one included.
  std::int64_t writes() const { return writes_; }

  // Writes: counted, and the armed one fails.
  std::int64_t insert_user(const std::string& name, const std::string& password_hash, std::int64_t now) override;
  void set_password_hash(std::int64_t user_id, const std::string& password_hash) override;
  void flag_bot(std::int64_t user_id) override;
  std::int64_t robot_user(int index) override;
  std::int64_t robot_level_user(engine::RobotLevel level) override;
  void insert_session(const std::string& token_hash, std::int64_t user_id, std::int64_t now,
                      std::int64_t expires_at) override;
  void delete_session(const std::string& token_hash) override;
  void delete_user_sessions(std::int64_t user_id, const std::string& keep) override;
  int delete_expired_sessions(std::int64_t now, int limit) override;
  std::int64_t insert_table(const server::TableRecord& table, std::int64_t now) override;
  void insert_seat(std::int64_t table_id, int seat, std::int64_t user_id) override;
  void set_seat_contribution(std::int64_t table_id, int seat,
                             const std::optional<protocol::DealBytes>& contribution) override;
  void delete_seat(std::int64_t table_id, std::int64_t user_id) override;
  bool is_invited(std::int64_t table_id, std::int64_t user_id) override;
  void insert_invitation(std::int64_t table_id, std::int64_t user_id, std::int64_t invited_by,
                         std::int64_t now) override;
  void start_table(std::int64_t table_id, std::uint64_t seed, const std::string& state_hash,
                   std::int64_t now) override;
  bool abort_table(std::int64_t table_id, std::int64_t now, std::optional<server::TableStatus> only_if,
                   const std::optional<std::string>& reason) override;
  void set_imported_table_status(std::int64_t table_id, server::TableStatus status, std::int64_t created_at) override;
  void update_seat_control(std::int64_t table_id, int seat, server::SeatController controller, int timeouts,
                           std::optional<engine::RobotLevel> robot_level) override;
  void update_standing_orders(std::int64_t table_id, int seat, const std::string& orders) override;
  void update_table_pace(std::int64_t table_id, std::optional<std::int64_t> move_seconds,
                         std::optional<int> takeover_after, server::SeatController takeover_by) override;
  void update_table_deadline(std::int64_t table_id, std::optional<std::int64_t> at,
                             std::optional<std::int64_t> left) override;
  void update_table_bank(std::int64_t table_id, const server::TimeBankRecord& bank) override;
  void update_table_floating_vacation(std::int64_t table_id, bool allowed) override;
  void update_table_timeout_vote(std::int64_t table_id, bool vote) override;
  void update_table_clocks(std::int64_t table_id, std::optional<int> clock_seat, std::optional<std::int64_t> since,
                           const std::vector<std::int64_t>& left) override;
  void tell_followers(std::int64_t table_id, std::int64_t moves_before) override {
    inner_.tell_followers(table_id, moves_before);
  }
  void check_lease(std::int64_t table_id, const server::LeaseFence& fence) override {
    inner_.check_lease(table_id, fence);
  }
  void append_move(std::int64_t table_id, const server::MoveRecord& move, server::TableStatus status) override;
  void replace_snapshot(std::int64_t table_id, const server::SnapshotRecord& snapshot) override;
  std::int64_t insert_chat(std::int64_t table_id, std::int64_t user_id, const std::string& text,
                           std::int64_t now) override;
  void hold_user(std::int64_t user_id) override;
  std::int64_t insert_vacation(std::int64_t user_id, std::int64_t starts_at, std::int64_t ends_at, bool floating) override;
  bool close_vacation(std::int64_t id, std::int64_t ended_at) override;
  std::int64_t insert_notification(const server::NotificationRecord& notification) override;
  void mark_notifications_read(std::int64_t user_id, std::int64_t up_to_id, std::int64_t now) override;
  void update_webhook_url(std::int64_t user_id, const std::optional<std::string>& url) override;
  std::int64_t insert_delivery(std::int64_t notification_id, const std::string& url, const std::string& body_json,
                               std::int64_t now) override;
  bool update_delivery(const server::DeliveryRecord& delivery, std::int64_t now, const server::Claim& claim) override;
  void update_webhook_secret(std::int64_t user_id, const std::optional<std::string>& secret) override;
  std::int64_t upsert_push_subscription(const server::PushSubscriptionRecord& subscription) override;
  bool delete_push_subscription(std::int64_t user_id, const std::string& endpoint) override;
  void delete_push_subscription_by_id(std::int64_t id) override;
  std::int64_t insert_push_delivery(std::int64_t notification_id, const server::PushSubscriptionRecord& to,
                                    const std::string& body_json, std::int64_t now) override;
  server::VapidKeyRecord keep_vapid_key(const server::VapidKeyRecord& key, std::int64_t now) override;
  server::PrunedRows prune_settled(std::int64_t now, std::int64_t keep_notifications_seconds,
                                   std::int64_t keep_webhooks_seconds, int limit) override;
  // Claims pass through uncounted, as the outboxes' claims do (due_deliveries).
  server::ClaimAnswer claim_timed_work(server::TimedWork work, const server::Claim& claim) override;
  void log_admin_action(const server::AdminAction& action) override;
  // Ratings and profiles: writes counted, reads passed through.
  void set_table_terms(std::int64_t table_id, const server::TableTerms& terms) override;
  server::TableTerms table_terms(std::int64_t table_id) override;
  std::optional<server::RatingRecord> rating_of(std::int64_t user_id, server::RatingPool pool) override;
  void save_rating(std::int64_t user_id, server::RatingPool pool, const server::RatingRecord& rating) override;
  void clear_ratings() override;
  void insert_game_result(const server::GameResultRecord& result) override;
  void update_game_rating(const server::GameResultRecord& result) override;
  std::vector<server::GameResultRecord> game_results_of(std::int64_t user_id, int limit) override;
  std::vector<server::GameResultRecord> all_game_results() override;
  server::PlayerTotals player_totals(std::int64_t user_id) override;

  // Reads: passed through.
  std::optional<server::UserRecord> find_user_by_name(const std::string& name) override;
  std::optional<server::UserRecord> find_user(std::int64_t user_id) override;
  bool is_robot_user(std::int64_t user_id) override;
  bool has_sat_at_tables(std::int64_t user_id) override;
  std::optional<server::UserRecord> find_session_user(const std::string& token_hash, std::int64_t now) override;
  std::optional<std::int64_t> session_expires_at(const std::string& token_hash) override;
  std::optional<server::TableRecord> load_table(std::int64_t id) override;
  std::vector<server::TableRecord> list_tables(server::TableStatus status, int limit) override;
  std::vector<server::TableRecord> tables_of_user(std::int64_t user_id) override;
  std::vector<server::TableRecord> seated_tables(std::int64_t user_id) override;
  std::vector<std::int64_t> table_ids_with_status(server::TableStatus status) override;
  std::vector<std::int64_t> started_table_ids() override;
  std::vector<std::pair<std::int64_t, std::int64_t>> running_deadlines() override;
  std::vector<server::MoveRecord> load_moves(std::int64_t table_id) override;
  std::vector<server::MoveRecord> load_moves_after(std::int64_t table_id, std::int64_t after_move) override;
  void each_started_game(std::optional<std::int64_t> table_id, const GameVisitor& visit) override;
  std::optional<server::SnapshotRecord> load_latest_snapshot(std::int64_t table_id) override;
  server::ChatPage chat_page(std::int64_t table_id, std::optional<std::int64_t> before, int limit) override;
  std::vector<server::VacationRecord> vacations_of(std::int64_t user_id, std::int64_t started_since) override;
  std::optional<server::VacationRecord> current_vacation(std::int64_t user_id, std::int64_t now) override;
  std::vector<server::VacationRecord> open_vacations() override;
  std::vector<server::NotificationRecord> notifications_of(std::int64_t user_id, std::int64_t after_id,
                                                           int limit) override;
  std::int64_t unread_notifications(std::int64_t user_id) override;
  std::optional<std::string> webhook_url_of(std::int64_t user_id) override;
  std::vector<server::DeliveryRecord> due_deliveries(std::int64_t now, int limit, const server::Claim& claim) override;
  std::optional<std::int64_t> next_delivery_at(std::int64_t now, const server::Claim& claim) override;
  server::OutboxDepth outbox_depth(std::int64_t now) override;
  std::vector<server::PushSubscriptionRecord> push_subscriptions_of(std::int64_t user_id) override;
  std::optional<server::VapidKeyRecord> vapid_key() override;
  std::optional<server::DeliveryRecord> load_delivery(std::int64_t id) override;
  // Email notices: writes counted, reads passed through.
  std::optional<server::EmailAddressRecord> email_of(std::int64_t user_id) override;
  void set_email(std::int64_t user_id, const std::string& address, const std::string& confirm_hash, std::int64_t expires_at, std::int64_t now) override;
  void delete_email(std::int64_t user_id) override;
  std::optional<std::int64_t> confirm_email(const std::string& confirm_hash, std::int64_t now) override;
  server::NoticeSettingsRecord notice_settings(std::int64_t user_id) override;
  void save_notice_settings(const server::NoticeSettingsRecord& settings) override;
  void set_notice_choice(std::int64_t user_id, server::NoticeKind kind, server::NoticeDelivery delivery) override;
  std::vector<std::int64_t> due_digests(std::int64_t now, int limit) override;
  std::optional<std::int64_t> next_digest_at() override;
  void set_next_digest_at(std::int64_t user_id, std::optional<std::int64_t> at) override;
  std::vector<server::WaitingTable> tables_waiting_for(std::int64_t user_id, std::int64_t now) override;
  std::vector<server::NotificationRecord> notifications_since(std::int64_t user_id, std::int64_t after, int limit) override;
  std::optional<server::NotificationRecord> load_notification(std::int64_t id) override;
  std::optional<std::string> table_name(std::int64_t table_id) override;
  bool insert_email(const server::EmailRecord& email, std::int64_t now) override;
  std::vector<server::EmailRecord> due_emails(std::int64_t now, int limit, const server::Claim& claim) override;
  int count_emails(std::int64_t user_id, server::EmailPurpose purpose, std::int64_t since) override;
  std::vector<std::int64_t> users_with_confirmed_email(const std::string& address) override;
  void insert_password_reset(std::int64_t user_id, const std::string& token_hash, std::int64_t now,
                             std::int64_t expires_at) override;
  int count_password_resets(std::int64_t user_id, std::int64_t since) override;
  std::optional<std::int64_t> password_reset_user(const std::string& token_hash, std::int64_t now) override;
  std::optional<std::int64_t> use_password_reset(const std::string& token_hash, std::int64_t now) override;
  std::optional<std::int64_t> next_email_at(std::int64_t now, const server::Claim& claim) override;
  bool update_email(const server::EmailRecord& email, std::int64_t now, const server::Claim& claim) override;
  bool mark_deadline_warned(std::int64_t table_id, std::int64_t deadline_at, int hours_before) override;
  void set_waiting_user(std::int64_t table_id, std::optional<std::int64_t> user_id) override;
  std::optional<std::int64_t> table_deadline(std::int64_t table_id) override;
  std::string server_key(const std::string& purpose, const std::string& fresh, std::int64_t now) override;
  std::vector<server::AdminAction> list_admin_actions(std::optional<std::int64_t> table, int limit) override;
  std::int64_t insert_tournament(const server::TournamentRecord& t) override;
  std::optional<server::TournamentRecord> load_tournament(std::int64_t id) override;
  std::vector<server::TournamentRecord> list_tournaments(const std::vector<server::TournamentStatus>& statuses, int limit) override;
  bool register_player(std::int64_t tournament_id, std::int64_t user_id, std::int64_t now) override;
  bool unregister_player(std::int64_t tournament_id, std::int64_t user_id) override;
  void mark_player_left(std::int64_t tournament_id, std::int64_t user_id, server::LeftHow how, const std::optional<std::string>& reason, std::int64_t now) override;
  std::vector<server::TournamentPlayerRecord> tournament_players(std::int64_t tournament_id) override;
  void set_seed_rating(std::int64_t tournament_id, std::int64_t user_id, std::optional<double> rating) override;
  void set_tournament_rounds(std::int64_t tournament_id, int rounds) override;
  bool start_round(std::int64_t tournament_id, int round, std::int64_t now) override;
  bool claim_closing_notice(std::int64_t tournament_id) override;
  bool invite_to_tournament(std::int64_t tournament_id, std::int64_t user_id, std::int64_t by, std::int64_t now) override;
  bool invited_to_tournament(std::int64_t tournament_id, std::int64_t user_id) override;
  std::vector<std::string> tournament_invitees(std::int64_t tournament_id) override;
  void draw_tournament_deal(std::int64_t tournament_id, int round, const protocol::DealBytes& secret,
                            std::int64_t now) override;
  std::vector<server::TournamentDealRecord> tournament_deals(std::int64_t tournament_id) override;
  server::ContributionOutcome add_deal_contribution(std::int64_t tournament_id, int round, std::int64_t user_id,
                                                    const protocol::DealBytes& contribution, std::int64_t now) override;
  bool finish_round(std::int64_t tournament_id, int round, std::int64_t now) override;
  bool end_tournament(std::int64_t tournament_id, server::TournamentStatus status, std::int64_t now) override;
  std::vector<server::TournamentRoundRecord> tournament_rounds(std::int64_t tournament_id) override;
  void insert_bye(std::int64_t tournament_id, int round, std::int64_t user_id) override;
  std::vector<server::TournamentByeRecord> tournament_byes(std::int64_t tournament_id) override;
  std::vector<server::TournamentTableRecord> tournament_tables(std::int64_t tournament_id) override;
  std::vector<server::TournamentResultRecord> tournament_results(std::int64_t tournament_id) override;
  std::vector<std::int64_t> active_tournament_ids() override;
  std::vector<std::int64_t> active_tournaments_of(std::int64_t user_id) override;
  std::int64_t insert_league(const server::LeagueRecord& l) override;
  std::optional<server::LeagueRecord> load_league(std::int64_t id) override;
  std::vector<server::LeagueRecord> list_leagues(int limit) override;
  std::vector<std::int64_t> league_ids() override;
  bool hold_league(std::int64_t league_id) override;
  bool join_league(std::int64_t league_id, std::int64_t user_id, std::int64_t now) override;
  bool leave_league(std::int64_t league_id, std::int64_t user_id, bool before_first_season, std::int64_t now) override;
  std::vector<server::LeaguePlayerRecord> league_players(std::int64_t league_id) override;
  bool start_season(std::int64_t league_id, int season, std::int64_t finish_by, std::int64_t now) override;
  bool finish_season(std::int64_t league_id, int season, std::int64_t next_season_at, std::int64_t now) override;
  std::vector<server::LeagueSeasonRecord> league_seasons(std::int64_t league_id) override;
  void insert_league_place(std::int64_t league_id, int season, const server::LeaguePlaceRecord& place) override;
  void set_league_move(std::int64_t league_id, int season, std::int64_t user_id, tournament::Move move) override;
  std::vector<server::LeaguePlaceRecord> league_places(std::int64_t league_id, int season) override;
  void insert_league_table(std::int64_t league_id, int season, const server::LeagueTableRecord& table) override;
  bool set_league_table_started(std::int64_t league_id, int season, int division, int round, int number, std::int64_t table_id) override;
  std::vector<server::LeagueTableRecord> league_tables(std::int64_t league_id, int season) override;
  void insert_league_bye(std::int64_t league_id, int season, const server::LeagueByeRecord& bye) override;
  std::vector<server::LeagueByeRecord> league_byes(std::int64_t league_id, int season) override;
  std::vector<server::LeagueResultRecord> league_results(std::int64_t league_id, int season) override;
  std::vector<std::int64_t> leagues_of(std::int64_t user_id) override;

 private:
  // Counts one write; throws at the armed one.
  void write();

  server::Records& inner_;
  // Written by the writer thread, read by the test's.
  std::atomic<std::int64_t> writes_{0};
  std::atomic<std::int64_t> fail_at_{0};  // the count of the write that fails; 0: none
  std::atomic<bool> failed_{false};
};

class FailingBackend final : public server::StoreBackend {
 public:
  // Opens and migrates the SQLite file at `path` (not durable: the tests
  // reopen it, they do not pull the plug).
  explicit FailingBackend(const std::string& path);

  FailingRecords& failing() { return failing_; }

  void begin() override { sqlite_.begin(); }
  void commit() override { sqlite_.commit(); }
  void rollback() noexcept override { sqlite_.rollback(); }
  void begin_job() override { sqlite_.begin_job(); }
  void end_job() override { sqlite_.end_job(); }
  void undo_job() override { sqlite_.undo_job(); }
  server::Records& records() override { return failing_; }

 private:
  server::SqliteBackend sqlite_;
  FailingRecords failing_{sqlite_.records()};
};

}  // namespace sp::test
