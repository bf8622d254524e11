#include "tests/server/failing_store.hpp"

namespace sp::test {

using namespace server;

void FailingRecords::fail_write(std::int64_t n) {
  failed_ = false;
  fail_at_ = writes_ + n;
}

void FailingRecords::write() {
  if (++writes_ != fail_at_) return;
  failed_ = true;
  throw DatabaseError("step: database or disk is full");
}

// Writes ---------------------------------------------------------------------

std::int64_t FailingRecords::insert_user(const std::string& name, const std::string& password_hash, std::int64_t now) {
  write();
  return inner_.insert_user(name, password_hash, now);
}

void FailingRecords::set_password_hash(std::int64_t user_id, const std::string& password_hash) {
  write();
  inner_.set_password_hash(user_id, password_hash);
}

void FailingRecords::flag_bot(std::int64_t user_id) {
  write();
  inner_.flag_bot(user_id);
}

std::int64_t FailingRecords::robot_user(int index) {
  write();
  return inner_.robot_user(index);
}

std::int64_t FailingRecords::robot_level_user(engine::RobotLevel level) {
  write();
  return inner_.robot_level_user(level);
}

void FailingRecords::insert_session(const std::string& token_hash, std::int64_t user_id, std::int64_t now,
                                    std::int64_t expires_at) {
  write();
  inner_.insert_session(token_hash, user_id, now, expires_at);
}

void FailingRecords::delete_session(const std::string& token_hash) {
  write();
  inner_.delete_session(token_hash);
}

void FailingRecords::delete_user_sessions(std::int64_t user_id, const std::string& keep) {
  write();
  inner_.delete_user_sessions(user_id, keep);
}

int FailingRecords::delete_expired_sessions(std::int64_t now, int limit) {
  write();
  return inner_.delete_expired_sessions(now, limit);
}

std::int64_t FailingRecords::insert_table(const server::TableRecord& table, std::int64_t now) {
  write();
  return inner_.insert_table(table, now);
}

void FailingRecords::insert_seat(std::int64_t table_id, int seat, std::int64_t user_id) {
  write();
  inner_.insert_seat(table_id, seat, user_id);
}

void FailingRecords::set_seat_contribution(std::int64_t table_id, int seat,
                                           const std::optional<protocol::DealBytes>& contribution) {
  write();
  inner_.set_seat_contribution(table_id, seat, contribution);
}

void FailingRecords::delete_seat(std::int64_t table_id, std::int64_t user_id) {
  write();
  inner_.delete_seat(table_id, user_id);
}

bool FailingRecords::is_invited(std::int64_t table_id, std::int64_t user_id) {
  return inner_.is_invited(table_id, user_id);
}

void FailingRecords::insert_invitation(std::int64_t table_id, std::int64_t user_id, std::int64_t invited_by,
                                       std::int64_t now) {
  write();
  inner_.insert_invitation(table_id, user_id, invited_by, now);
}

void FailingRecords::start_table(std::int64_t table_id, std::uint64_t seed, const std::string& state_hash,
                                 std::int64_t now) {
  write();
  inner_.start_table(table_id, seed, state_hash, now);
}

bool FailingRecords::abort_table(std::int64_t table_id, std::int64_t now, std::optional<server::TableStatus> only_if,
                                 const std::optional<std::string>& reason) {
  write();
  return inner_.abort_table(table_id, now, only_if, reason);
}

void FailingRecords::set_imported_table_status(std::int64_t table_id, server::TableStatus status,
                                               std::int64_t created_at) {
  write();
  inner_.set_imported_table_status(table_id, status, created_at);
}

void FailingRecords::update_seat_control(std::int64_t table_id, int seat, server::SeatController controller,
                                         int timeouts, std::optional<engine::RobotLevel> robot_level) {
  write();
  inner_.update_seat_control(table_id, seat, controller, timeouts, robot_level);
}

void FailingRecords::update_standing_orders(std::int64_t table_id, int seat, const std::string& orders) {
  write();
  inner_.update_standing_orders(table_id, seat, orders);
}

void FailingRecords::update_table_pace(std::int64_t table_id, std::optional<std::int64_t> move_seconds,
                                       std::optional<int> takeover_after, server::SeatController takeover_by) {
  write();
  inner_.update_table_pace(table_id, move_seconds, takeover_after, takeover_by);
}

void FailingRecords::update_table_deadline(std::int64_t table_id, std::optional<std::int64_t> at,
                                           std::optional<std::int64_t> left) {
  write();
  inner_.update_table_deadline(table_id, at, left);
}

void FailingRecords::update_table_bank(std::int64_t table_id, const server::TimeBankRecord& bank) {
  write();
  inner_.update_table_bank(table_id, bank);
}

void FailingRecords::update_table_floating_vacation(std::int64_t table_id, bool allowed) {
  write();
  inner_.update_table_floating_vacation(table_id, allowed);
}

void FailingRecords::update_table_timeout_vote(std::int64_t table_id, bool vote) {
  write();
  inner_.update_table_timeout_vote(table_id, vote);
}

void FailingRecords::update_table_clocks(std::int64_t table_id, std::optional<int> clock_seat,
                                         std::optional<std::int64_t> since, const std::vector<std::int64_t>& left) {
  write();
  inner_.update_table_clocks(table_id, clock_seat, since, left);
}

void FailingRecords::append_move(std::int64_t table_id, const server::MoveRecord& move, server::TableStatus status) {
  write();
  inner_.append_move(table_id, move, status);
}

void FailingRecords::replace_snapshot(std::int64_t table_id, const server::SnapshotRecord& snapshot) {
  write();
  inner_.replace_snapshot(table_id, snapshot);
}

std::int64_t FailingRecords::insert_chat(std::int64_t table_id, std::int64_t user_id, const std::string& text,
                                         std::int64_t now) {
  write();
  return inner_.insert_chat(table_id, user_id, text, now);
}

void FailingRecords::hold_user(std::int64_t user_id) { inner_.hold_user(user_id); }

std::int64_t FailingRecords::insert_vacation(std::int64_t user_id, std::int64_t starts_at, std::int64_t ends_at,
                                             bool floating) {
  write();
  return inner_.insert_vacation(user_id, starts_at, ends_at, floating);
}

bool FailingRecords::close_vacation(std::int64_t id, std::int64_t ended_at) {
  write();
  return inner_.close_vacation(id, ended_at);
}

std::int64_t FailingRecords::insert_notification(const server::NotificationRecord& notification) {
  write();
  return inner_.insert_notification(notification);
}

void FailingRecords::mark_notifications_read(std::int64_t user_id, std::int64_t up_to_id, std::int64_t now) {
  write();
  inner_.mark_notifications_read(user_id, up_to_id, now);
}

void FailingRecords::update_webhook_url(std::int64_t user_id, const std::optional<std::string>& url) {
  write();
  inner_.update_webhook_url(user_id, url);
}

std::int64_t FailingRecords::insert_delivery(std::int64_t notification_id, const std::string& url,
                                             const std::string& body_json, std::int64_t now) {
  write();
  return inner_.insert_delivery(notification_id, url, body_json, now);
}

bool FailingRecords::update_delivery(const server::DeliveryRecord& delivery, std::int64_t now,
                                     const server::Claim& claim) {
  write();
  return inner_.update_delivery(delivery, now, claim);
}

void FailingRecords::update_webhook_secret(std::int64_t user_id, const std::optional<std::string>& secret) {
  write();
  inner_.update_webhook_secret(user_id, secret);
}

std::int64_t FailingRecords::upsert_push_subscription(const server::PushSubscriptionRecord& subscription) {
  write();
  return inner_.upsert_push_subscription(subscription);
}

bool FailingRecords::delete_push_subscription(std::int64_t user_id, const std::string& endpoint) {
  write();
  return inner_.delete_push_subscription(user_id, endpoint);
}

void FailingRecords::delete_push_subscription_by_id(std::int64_t id) {
  write();
  inner_.delete_push_subscription_by_id(id);
}

std::int64_t FailingRecords::insert_push_delivery(std::int64_t notification_id,
                                                  const server::PushSubscriptionRecord& to,
                                                  const std::string& body_json, std::int64_t now) {
  write();
  return inner_.insert_push_delivery(notification_id, to, body_json, now);
}

server::VapidKeyRecord FailingRecords::keep_vapid_key(const server::VapidKeyRecord& key, std::int64_t now) {
  write();
  return inner_.keep_vapid_key(key, now);
}

server::PrunedRows FailingRecords::prune_settled(std::int64_t now, std::int64_t keep_notifications_seconds,
                                                 std::int64_t keep_webhooks_seconds, int limit) {
  write();
  return inner_.prune_settled(now, keep_notifications_seconds, keep_webhooks_seconds, limit);
}

server::ClaimAnswer FailingRecords::claim_timed_work(server::TimedWork work, const server::Claim& claim) {
  return inner_.claim_timed_work(work, claim);
}

void FailingRecords::log_admin_action(const server::AdminAction& action) {
  write();
  inner_.log_admin_action(action);
}

// Reads ----------------------------------------------------------------------

std::optional<server::UserRecord> FailingRecords::find_user_by_name(const std::string& name) {
  return inner_.find_user_by_name(name);
}

std::optional<server::UserRecord> FailingRecords::find_user(std::int64_t user_id) {
  return inner_.find_user(user_id);
}

bool FailingRecords::is_robot_user(std::int64_t user_id) {
  return inner_.is_robot_user(user_id);
}

bool FailingRecords::has_sat_at_tables(std::int64_t user_id) {
  return inner_.has_sat_at_tables(user_id);
}

std::optional<server::UserRecord> FailingRecords::find_session_user(const std::string& token_hash, std::int64_t now) {
  return inner_.find_session_user(token_hash, now);
}

std::optional<std::int64_t> FailingRecords::session_expires_at(const std::string& token_hash) {
  return inner_.session_expires_at(token_hash);
}

std::optional<server::TableRecord> FailingRecords::load_table(std::int64_t id) {
  return inner_.load_table(id);
}

std::vector<server::TableRecord> FailingRecords::list_tables(server::TableStatus status, int limit) {
  return inner_.list_tables(status, limit);
}

std::vector<server::TableRecord> FailingRecords::tables_of_user(std::int64_t user_id) {
  return inner_.tables_of_user(user_id);
}

std::vector<server::TableRecord> FailingRecords::seated_tables(std::int64_t user_id) {
  return inner_.seated_tables(user_id);
}

std::vector<std::int64_t> FailingRecords::table_ids_with_status(server::TableStatus status) {
  return inner_.table_ids_with_status(status);
}

std::vector<std::int64_t> FailingRecords::started_table_ids() {
  return inner_.started_table_ids();
}

std::vector<std::pair<std::int64_t, std::int64_t>> FailingRecords::running_deadlines() {
  return inner_.running_deadlines();
}

std::vector<server::MoveRecord> FailingRecords::load_moves(std::int64_t table_id) {
  return inner_.load_moves(table_id);
}

std::vector<server::MoveRecord> FailingRecords::load_moves_after(std::int64_t table_id, std::int64_t after_move) {
  return inner_.load_moves_after(table_id, after_move);
}

void FailingRecords::each_started_game(std::optional<std::int64_t> table_id, const GameVisitor& visit) {
  inner_.each_started_game(table_id, visit);
}

std::optional<server::SnapshotRecord> FailingRecords::load_latest_snapshot(std::int64_t table_id) {
  return inner_.load_latest_snapshot(table_id);
}

server::ChatPage FailingRecords::chat_page(std::int64_t table_id, std::optional<std::int64_t> before, int limit) {
  return inner_.chat_page(table_id, before, limit);
}

std::vector<server::VacationRecord> FailingRecords::vacations_of(std::int64_t user_id, std::int64_t started_since) {
  return inner_.vacations_of(user_id, started_since);
}

std::optional<server::VacationRecord> FailingRecords::current_vacation(std::int64_t user_id, std::int64_t now) {
  return inner_.current_vacation(user_id, now);
}

std::vector<server::VacationRecord> FailingRecords::open_vacations() {
  return inner_.open_vacations();
}

std::vector<server::NotificationRecord> FailingRecords::notifications_of(std::int64_t user_id, std::int64_t after_id,
                                                                         int limit) {
  return inner_.notifications_of(user_id, after_id, limit);
}

std::int64_t FailingRecords::unread_notifications(std::int64_t user_id) {
  return inner_.unread_notifications(user_id);
}

std::optional<std::string> FailingRecords::webhook_url_of(std::int64_t user_id) {
  return inner_.webhook_url_of(user_id);
}

std::vector<server::DeliveryRecord> FailingRecords::due_deliveries(std::int64_t now, int limit,
                                                                  const server::Claim& claim) {
  return inner_.due_deliveries(now, limit, claim);
}

std::optional<std::int64_t> FailingRecords::next_delivery_at(std::int64_t now, const server::Claim& claim) {
  return inner_.next_delivery_at(now, claim);
}

server::OutboxDepth FailingRecords::outbox_depth(std::int64_t now) { return inner_.outbox_depth(now); }

std::vector<server::PushSubscriptionRecord> FailingRecords::push_subscriptions_of(std::int64_t user_id) {
  return inner_.push_subscriptions_of(user_id);
}

std::optional<server::VapidKeyRecord> FailingRecords::vapid_key() { return inner_.vapid_key(); }

std::optional<server::DeliveryRecord> FailingRecords::load_delivery(std::int64_t id) {
  return inner_.load_delivery(id);
}

std::vector<server::AdminAction> FailingRecords::list_admin_actions(std::optional<std::int64_t> table, int limit) {
  return inner_.list_admin_actions(table, limit);
}

FailingBackend::FailingBackend(const std::string& path) : sqlite_(path, DatabaseOptions{false}) { sqlite_.migrate(); }

std::optional<server::EmailAddressRecord> FailingRecords::email_of(std::int64_t user_id) {
  return inner_.email_of(user_id);
}

void FailingRecords::set_email(std::int64_t user_id, const std::string& address, const std::string& confirm_hash, std::int64_t expires_at, std::int64_t now) {
  write();
  inner_.set_email(user_id, address, confirm_hash, expires_at, now);
}

void FailingRecords::delete_email(std::int64_t user_id) {
  write();
  inner_.delete_email(user_id);
}

std::optional<std::int64_t> FailingRecords::confirm_email(const std::string& confirm_hash, std::int64_t now) {
  write();
  return inner_.confirm_email(confirm_hash, now);
}

server::NoticeSettingsRecord FailingRecords::notice_settings(std::int64_t user_id) {
  return inner_.notice_settings(user_id);
}

void FailingRecords::save_notice_settings(const server::NoticeSettingsRecord& settings) {
  write();
  inner_.save_notice_settings(settings);
}

void FailingRecords::set_notice_choice(std::int64_t user_id, server::NoticeKind kind, server::NoticeDelivery delivery) {
  write();
  inner_.set_notice_choice(user_id, kind, delivery);
}

std::vector<std::int64_t> FailingRecords::due_digests(std::int64_t now, int limit) {
  return inner_.due_digests(now, limit);
}

std::optional<std::int64_t> FailingRecords::next_digest_at() {
  return inner_.next_digest_at();
}

void FailingRecords::set_next_digest_at(std::int64_t user_id, std::optional<std::int64_t> at) {
  write();
  inner_.set_next_digest_at(user_id, at);
}

std::vector<server::WaitingTable> FailingRecords::tables_waiting_for(std::int64_t user_id, std::int64_t now) {
  return inner_.tables_waiting_for(user_id, now);
}

std::vector<server::NotificationRecord> FailingRecords::notifications_since(std::int64_t user_id, std::int64_t after, int limit) {
  return inner_.notifications_since(user_id, after, limit);
}

std::optional<server::NotificationRecord> FailingRecords::load_notification(std::int64_t id) {
  return inner_.load_notification(id);
}

std::optional<std::string> FailingRecords::table_name(std::int64_t table_id) {
  return inner_.table_name(table_id);
}

bool FailingRecords::insert_email(const server::EmailRecord& email, std::int64_t now) {
  write();
  return inner_.insert_email(email, now);
}

std::vector<server::EmailRecord> FailingRecords::due_emails(std::int64_t now, int limit, const server::Claim& claim) {
  return inner_.due_emails(now, limit, claim);
}

std::optional<std::int64_t> FailingRecords::next_email_at(std::int64_t now, const server::Claim& claim) {
  return inner_.next_email_at(now, claim);
}

bool FailingRecords::update_email(const server::EmailRecord& email, std::int64_t now, const server::Claim& claim) {
  write();
  return inner_.update_email(email, now, claim);
}

bool FailingRecords::mark_deadline_warned(std::int64_t table_id, std::int64_t deadline_at, int hours_before) {
  write();
  return inner_.mark_deadline_warned(table_id, deadline_at, hours_before);
}

void FailingRecords::set_waiting_user(std::int64_t table_id, std::optional<std::int64_t> user_id) {
  write();
  inner_.set_waiting_user(table_id, user_id);
}

std::optional<std::int64_t> FailingRecords::table_deadline(std::int64_t table_id) {
  return inner_.table_deadline(table_id);
}

std::string FailingRecords::server_key(const std::string& purpose, const std::string& fresh, std::int64_t now) {
  write();
  return inner_.server_key(purpose, fresh, now);
}

int FailingRecords::count_emails(std::int64_t user_id, server::EmailPurpose purpose, std::int64_t since) {
  return inner_.count_emails(user_id, purpose, since);
}

std::vector<std::int64_t> FailingRecords::users_with_confirmed_email(const std::string& address) {
  return inner_.users_with_confirmed_email(address);
}

void FailingRecords::insert_password_reset(std::int64_t user_id, const std::string& token_hash, std::int64_t now,
                                           std::int64_t expires_at) {
  write();
  inner_.insert_password_reset(user_id, token_hash, now, expires_at);
}

int FailingRecords::count_password_resets(std::int64_t user_id, std::int64_t since) {
  return inner_.count_password_resets(user_id, since);
}

std::optional<std::int64_t> FailingRecords::password_reset_user(const std::string& token_hash, std::int64_t now) {
  return inner_.password_reset_user(token_hash, now);
}

std::optional<std::int64_t> FailingRecords::use_password_reset(const std::string& token_hash, std::int64_t now) {
  write();
  return inner_.use_password_reset(token_hash, now);
}

// Ratings and profiles ---------------------------------------------------------

void FailingRecords::set_table_terms(std::int64_t table_id, const server::TableTerms& terms) {
  write();
  inner_.set_table_terms(table_id, terms);
}

server::TableTerms FailingRecords::table_terms(std::int64_t table_id) { return inner_.table_terms(table_id); }

std::optional<server::RatingRecord> FailingRecords::rating_of(std::int64_t user_id, server::RatingPool pool) {
  return inner_.rating_of(user_id, pool);
}

void FailingRecords::save_rating(std::int64_t user_id, server::RatingPool pool, const server::RatingRecord& rating) {
  write();
  inner_.save_rating(user_id, pool, rating);
}

void FailingRecords::clear_ratings() {
  write();
  inner_.clear_ratings();
}

void FailingRecords::insert_game_result(const server::GameResultRecord& result) {
  write();
  inner_.insert_game_result(result);
}

void FailingRecords::update_game_rating(const server::GameResultRecord& result) {
  write();
  inner_.update_game_rating(result);
}

std::vector<server::GameResultRecord> FailingRecords::game_results_of(std::int64_t user_id, int limit) {
  return inner_.game_results_of(user_id, limit);
}

std::vector<server::GameResultRecord> FailingRecords::all_game_results() { return inner_.all_game_results(); }

server::PlayerTotals FailingRecords::player_totals(std::int64_t user_id) { return inner_.player_totals(user_id); }

std::int64_t FailingRecords::insert_tournament(const server::TournamentRecord& t) {
  write();
  return inner_.insert_tournament(t);
}

std::optional<server::TournamentRecord> FailingRecords::load_tournament(std::int64_t id) {
  return inner_.load_tournament(id);
}

std::vector<server::TournamentRecord> FailingRecords::list_tournaments(const std::vector<server::TournamentStatus>& statuses, int limit) {
  return inner_.list_tournaments(statuses, limit);
}

bool FailingRecords::register_player(std::int64_t tournament_id, std::int64_t user_id, std::int64_t now) {
  write();
  return inner_.register_player(tournament_id, user_id, now);
}

bool FailingRecords::unregister_player(std::int64_t tournament_id, std::int64_t user_id) {
  write();
  return inner_.unregister_player(tournament_id, user_id);
}

void FailingRecords::mark_player_left(std::int64_t tournament_id, std::int64_t user_id, server::LeftHow how, const std::optional<std::string>& reason, std::int64_t now) {
  write();
  inner_.mark_player_left(tournament_id, user_id, how, reason, now);
}

std::vector<server::TournamentPlayerRecord> FailingRecords::tournament_players(std::int64_t tournament_id) {
  return inner_.tournament_players(tournament_id);
}

void FailingRecords::set_seed_rating(std::int64_t tournament_id, std::int64_t user_id, std::optional<double> rating) {
  write();
  inner_.set_seed_rating(tournament_id, user_id, rating);
}

void FailingRecords::set_tournament_rounds(std::int64_t tournament_id, int rounds) {
  write();
  inner_.set_tournament_rounds(tournament_id, rounds);
}

bool FailingRecords::start_round(std::int64_t tournament_id, int round, std::int64_t now) {
  write();
  return inner_.start_round(tournament_id, round, now);
}

bool FailingRecords::invite_to_tournament(std::int64_t tournament_id, std::int64_t user_id, std::int64_t by,
                                          std::int64_t now) {
  write();
  return inner_.invite_to_tournament(tournament_id, user_id, by, now);
}

bool FailingRecords::invited_to_tournament(std::int64_t tournament_id, std::int64_t user_id) {
  return inner_.invited_to_tournament(tournament_id, user_id);
}

std::vector<std::string> FailingRecords::tournament_invitees(std::int64_t tournament_id) {
  return inner_.tournament_invitees(tournament_id);
}

bool FailingRecords::claim_closing_notice(std::int64_t tournament_id) {
  write();
  return inner_.claim_closing_notice(tournament_id);
}

void FailingRecords::draw_tournament_deal(std::int64_t tournament_id, int round, const protocol::DealBytes& secret,
                                          std::int64_t now) {
  write();
  inner_.draw_tournament_deal(tournament_id, round, secret, now);
}

std::vector<server::TournamentDealRecord> FailingRecords::tournament_deals(std::int64_t tournament_id) {
  return inner_.tournament_deals(tournament_id);
}

server::ContributionOutcome FailingRecords::add_deal_contribution(std::int64_t tournament_id, int round,
                                                                  std::int64_t user_id,
                                                                  const protocol::DealBytes& contribution,
                                                                  std::int64_t now) {
  write();
  return inner_.add_deal_contribution(tournament_id, round, user_id, contribution, now);
}

bool FailingRecords::finish_round(std::int64_t tournament_id, int round, std::int64_t now) {
  write();
  return inner_.finish_round(tournament_id, round, now);
}

bool FailingRecords::end_tournament(std::int64_t tournament_id, server::TournamentStatus status, std::int64_t now) {
  write();
  return inner_.end_tournament(tournament_id, status, now);
}

std::vector<server::TournamentRoundRecord> FailingRecords::tournament_rounds(std::int64_t tournament_id) {
  return inner_.tournament_rounds(tournament_id);
}

void FailingRecords::insert_bye(std::int64_t tournament_id, int round, std::int64_t user_id) {
  write();
  inner_.insert_bye(tournament_id, round, user_id);
}

std::vector<server::TournamentByeRecord> FailingRecords::tournament_byes(std::int64_t tournament_id) {
  return inner_.tournament_byes(tournament_id);
}

std::vector<server::TournamentTableRecord> FailingRecords::tournament_tables(std::int64_t tournament_id) {
  return inner_.tournament_tables(tournament_id);
}

std::vector<server::TournamentResultRecord> FailingRecords::tournament_results(std::int64_t tournament_id) {
  return inner_.tournament_results(tournament_id);
}

std::vector<std::int64_t> FailingRecords::active_tournament_ids() {
  return inner_.active_tournament_ids();
}

std::vector<std::int64_t> FailingRecords::active_tournaments_of(std::int64_t user_id) {
  return inner_.active_tournaments_of(user_id);
}

std::int64_t FailingRecords::insert_league(const server::LeagueRecord& l) {
  write();
  return inner_.insert_league(l);
}

std::optional<server::LeagueRecord> FailingRecords::load_league(std::int64_t id) {
  return inner_.load_league(id);
}

std::vector<server::LeagueRecord> FailingRecords::list_leagues(int limit) {
  return inner_.list_leagues(limit);
}

std::vector<std::int64_t> FailingRecords::league_ids() {
  return inner_.league_ids();
}

bool FailingRecords::join_league(std::int64_t league_id, std::int64_t user_id, std::int64_t now) {
  write();
  return inner_.join_league(league_id, user_id, now);
}

bool FailingRecords::leave_league(std::int64_t league_id, std::int64_t user_id, bool before_first_season, std::int64_t now) {
  write();
  return inner_.leave_league(league_id, user_id, before_first_season, now);
}

std::vector<server::LeaguePlayerRecord> FailingRecords::league_players(std::int64_t league_id) {
  return inner_.league_players(league_id);
}

bool FailingRecords::start_season(std::int64_t league_id, int season, std::int64_t finish_by, std::int64_t now) {
  write();
  return inner_.start_season(league_id, season, finish_by, now);
}

bool FailingRecords::finish_season(std::int64_t league_id, int season, std::int64_t next_season_at, std::int64_t now) {
  write();
  return inner_.finish_season(league_id, season, next_season_at, now);
}

std::vector<server::LeagueSeasonRecord> FailingRecords::league_seasons(std::int64_t league_id) {
  return inner_.league_seasons(league_id);
}

void FailingRecords::insert_league_place(std::int64_t league_id, int season, const server::LeaguePlaceRecord& place) {
  write();
  inner_.insert_league_place(league_id, season, place);
}

void FailingRecords::set_league_move(std::int64_t league_id, int season, std::int64_t user_id, tournament::Move move) {
  write();
  inner_.set_league_move(league_id, season, user_id, move);
}

std::vector<server::LeaguePlaceRecord> FailingRecords::league_places(std::int64_t league_id, int season) {
  return inner_.league_places(league_id, season);
}

void FailingRecords::insert_league_table(std::int64_t league_id, int season, const server::LeagueTableRecord& table) {
  write();
  inner_.insert_league_table(league_id, season, table);
}

bool FailingRecords::set_league_table_started(std::int64_t league_id, int season, int division, int round, int number, std::int64_t table_id) {
  write();
  return inner_.set_league_table_started(league_id, season, division, round, number, table_id);
}

std::vector<server::LeagueTableRecord> FailingRecords::league_tables(std::int64_t league_id, int season) {
  return inner_.league_tables(league_id, season);
}

void FailingRecords::insert_league_bye(std::int64_t league_id, int season, const server::LeagueByeRecord& bye) {
  write();
  inner_.insert_league_bye(league_id, season, bye);
}

std::vector<server::LeagueByeRecord> FailingRecords::league_byes(std::int64_t league_id, int season) {
  return inner_.league_byes(league_id, season);
}

std::vector<server::LeagueResultRecord> FailingRecords::league_results(std::int64_t league_id, int season) {
  return inner_.league_results(league_id, season);
}

std::vector<std::int64_t> FailingRecords::leagues_of(std::int64_t user_id) {
  return inner_.leagues_of(user_id);
}

bool FailingRecords::hold_league(std::int64_t league_id) {
  write();
  return inner_.hold_league(league_id);
}

}  // namespace sp::test
