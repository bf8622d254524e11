// Records: every read and write the server and its tools make of the
// database, one named method each, in typed rows (rows.hpp,
// correspondence_rows.hpp, admin_log.hpp). No SQL is written anywhere else.
//
// A Records belongs to one database connection and is used by one thread at
// a time: a store job gets the store's (store.hpp), inside the transaction
// and savepoint the store opened for it; a tool that only reads may use a
// backend's own (sqlite/sqlite_backend.hpp, pg/pg_backend.hpp). Records opens
// no transaction itself. SqlRecords (sql_records.hpp) is its one
// implementation, over either database; the tests decorate it to make a
// chosen write fail.
//
// Failures of the database (a full disk, a broken file) throw DatabaseError:
// they are I/O failures, caught at the server's edges (a write that fails
// faults its table; a failed start-up stops the server). What a request may
// expect (no such user, a table not open) is a value: an empty optional, a
// false, a count of zero.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/store/admin_log.hpp"
#include "server/store/correspondence_rows.hpp"
#include "server/store/database_error.hpp"
#include "server/store/lease.hpp"
#include "server/store/league_rows.hpp"
#include "server/store/mail_rows.hpp"
#include "server/store/rating_rows.hpp"
#include "server/store/rows.hpp"
#include "server/store/timed_claim.hpp"
#include "server/store/tournament_rows.hpp"

namespace sp::server {

class Records {
 public:
  virtual ~Records() = default;

  // Accounts ------------------------------------------------------------------

  virtual std::optional<UserRecord> find_user_by_name(const std::string& name) = 0;
  virtual std::optional<UserRecord> find_user(std::int64_t user_id) = 0;
  virtual std::int64_t insert_user(const std::string& name, const std::string& password_hash, std::int64_t now) = 0;
  virtual void set_password_hash(std::int64_t user_id, const std::string& password_hash) = 0;
  virtual bool is_robot_user(std::int64_t user_id) = 0;
  // Flags the account as a third-party bot's (docs/bots.md), for good.
  virtual void flag_bot(std::int64_t user_id) = 0;
  // Whether the user holds or held a seat at any table (open, playing,
  // finished or aborted): an owner may flag only an account that never played.
  virtual bool has_sat_at_tables(std::int64_t user_id) = 0;
  // The robot pseudo-user number `index` (0..4), created on first use. Robots
  // have names no player can register (they contain a space) and no password.
  virtual std::int64_t robot_user(int index) = 0;
  // The account of a robot level (1 to 3), "Robot level N", created on first
  // use: the level's rating identity (docs/ratings.md "Robots").
  virtual std::int64_t robot_level_user(engine::RobotLevel level) = 0;

  // Login sessions, by the hash of their token.
  virtual void insert_session(const std::string& token_hash, std::int64_t user_id, std::int64_t now,
                              std::int64_t expires_at) = 0;
  virtual std::optional<UserRecord> find_session_user(const std::string& token_hash, std::int64_t now) = 0;
  // When the session expires (unix seconds), if it exists.
  virtual std::optional<std::int64_t> session_expires_at(const std::string& token_hash) = 0;
  virtual void delete_session(const std::string& token_hash) = 0;
  // Ends every session of the user but `keep` (empty: all of them).
  virtual void delete_user_sessions(std::int64_t user_id, const std::string& keep) = 0;
  // Deletes at most `limit` sessions expired by `now` (they can no longer be
  // resumed); returns how many went.
  virtual int delete_expired_sessions(std::int64_t now, int limit) = 0;

  // Tables and seats ----------------------------------------------------------

  // A new table from `table`'s name, creator, status, player count, options,
  // seed and versions; returns its id.
  virtual std::int64_t insert_table(const TableRecord& table, std::int64_t now) = 0;
  // The table with its seats, or nothing.
  virtual std::optional<TableRecord> load_table(std::int64_t id) = 0;
  // The newest `limit` tables in `status`, newest first.
  virtual std::vector<TableRecord> list_tables(TableStatus status, int limit) = 0;
  // The tables the user sits at or is invited to, the latest changed first.
  virtual std::vector<TableRecord> tables_of_user(std::int64_t user_id) = 0;
  // Every table the user has a seat at, in id order, however many (a
  // player's data export, which must leave none out).
  virtual std::vector<TableRecord> seated_tables(std::int64_t user_id) = 0;
  virtual std::vector<std::int64_t> table_ids_with_status(TableStatus status) = 0;
  // Every table that has started (playing, finished or aborted), in id order.
  virtual std::vector<std::int64_t> started_table_ids() = 0;
  virtual void insert_seat(std::int64_t table_id, int seat, std::int64_t user_id) = 0;
  // A seat's share of the deal (docs/fairness.md); nothing: it gave none.
  virtual void set_seat_contribution(std::int64_t table_id, int seat,
                                     const std::optional<protocol::DealBytes>& contribution) = 0;
  virtual void delete_seat(std::int64_t table_id, std::int64_t user_id) = 0;
  virtual bool is_invited(std::int64_t table_id, std::int64_t user_id) = 0;
  virtual void insert_invitation(std::int64_t table_id, std::int64_t user_id, std::int64_t invited_by,
                                 std::int64_t now) = 0;
  // The table plays from now on, dealt from `seed` (the deal's hash `state_hash`).
  virtual void start_table(std::int64_t table_id, std::uint64_t seed, const std::string& state_hash,
                           std::int64_t now) = 0;
  // Marks a table aborted (its creator left before the start, an administrator
  // ended it, giving `reason`); with `only_if`, only a table in that status.
  // Returns whether it changed.
  virtual bool abort_table(std::int64_t table_id, std::int64_t now, std::optional<TableStatus> only_if,
                           const std::optional<std::string>& reason) = 0;
  // An imported game record's table: its recorded status and creation time.
  virtual void set_imported_table_status(std::int64_t table_id, TableStatus status, std::int64_t created_at) = 0;

  // Correspondence play: a seat's controller and timeouts, the table's pace,
  // and the deadline of the move awaited: `at` while it runs, `left` while paused.
  // `robot_level`: the level a robot plays the seat at, nothing while no robot plays it.
  virtual void update_seat_control(std::int64_t table_id, int seat, SeatController controller, int timeouts,
                                   std::optional<engine::RobotLevel> robot_level) = 0;
  // A seat's standing orders, replaced whole (JSON text).
  virtual void update_standing_orders(std::int64_t table_id, int seat, const std::string& orders) = 0;
  virtual void update_table_pace(std::int64_t table_id, std::optional<std::int64_t> move_seconds,
                                 std::optional<int> takeover_after, SeatController takeover_by) = 0;
  virtual void update_table_deadline(std::int64_t table_id, std::optional<std::int64_t> at,
                                     std::optional<std::int64_t> left) = 0;
  // A table's time bank, in place of its move deadline.
  virtual void update_table_bank(std::int64_t table_id, const TimeBankRecord& bank) = 0;
  // Whether players' floating vacation days may be spent at the table.
  virtual void update_table_floating_vacation(std::int64_t table_id, bool allowed) = 0;
  // Whether the players present decide about a seat whose time ran out.
  virtual void update_table_timeout_vote(std::int64_t table_id, bool vote) = 0;
  // The seats' clocks (server/clock/seat_clocks.hpp): whose runs and since
  // when (none: nobody's), and each seat's time left, seat by seat.
  virtual void update_table_clocks(std::int64_t table_id, std::optional<int> clock_seat,
                                   std::optional<std::int64_t> since, const std::vector<std::int64_t>& left) = 0;
  // Playing tables with a running deadline: (table id, deadline).
  virtual std::vector<std::pair<std::int64_t, std::int64_t>> running_deadlines() = 0;

  // The move log --------------------------------------------------------------

  // Proves, inside the transaction that writes the table, that `fence` still
  // holds its lease (node, epoch, not expired on the database's clock), and
  // keeps the lease row locked until that transaction ends, so no other node
  // can take the table before the write is committed or undone. Throws
  // LeaseLost otherwise. Only nodes sharing a PostgreSQL database call it.
  virtual void check_lease(std::int64_t table_id, const LeaseFence& fence) = 0;
  // Last in each such write: with PostgreSQL, tells the other nodes what it
  // wrote to the table, its moves after `moves_before`, status and clocks
  // (NOTIFY spb_table, delivered when the write commits;
  // server/store/table_news.hpp), so their copies for their watchers follow
  // without reading. Nothing with SQLite.
  virtual void tell_followers(std::int64_t table_id, std::int64_t moves_before) = 0;

  // Appends a move and records the table's move count, last state hash and
  // status with it, in the same transaction.
  virtual void append_move(std::int64_t table_id, const MoveRecord& move, TableStatus status) = 0;
  // The table's moves in order.
  virtual std::vector<MoveRecord> load_moves(std::int64_t table_id) = 0;
  // The table's moves numbered after `after_move`, in order: what a copy that
  // follows the table from another node has not read yet.
  virtual std::vector<MoveRecord> load_moves_after(std::int64_t table_id, std::int64_t after_move) = 0;
  // Every started table (or only `table_id`, if it has started) in id order,
  // with its moves in order, for tools that read whole games (spb admin
  // verify). The tables carry what a replay needs: id, status, player count,
  // options, seed, move count, last state hash and card set; not their seats.
  using GameVisitor = std::function<void(const TableRecord& table, const std::vector<MoveRecord>& moves)>;
  virtual void each_started_game(std::optional<std::int64_t> table_id, const GameVisitor& visit) = 0;

  // Snapshots (snapshot.hpp): a table keeps only its latest.
  virtual void replace_snapshot(std::int64_t table_id, const SnapshotRecord& snapshot) = 0;
  virtual std::optional<SnapshotRecord> load_latest_snapshot(std::int64_t table_id) = 0;

  // Chat ----------------------------------------------------------------------

  // Returns the line's id.
  virtual std::int64_t insert_chat(std::int64_t table_id, std::int64_t user_id, const std::string& text,
                                   std::int64_t now) = 0;
  // The newest `limit` lines before the line `before` (or the newest of all).
  virtual ChatPage chat_page(std::int64_t table_id, std::optional<std::int64_t> before, int limit) = 0;

  // Vacations -----------------------------------------------------------------

  // Holds the user's row until the transaction ends: two nodes deciding about
  // one user's vacations (a floating day) decide one after the other.
  virtual void hold_user(std::int64_t user_id) = 0;

  // With PostgreSQL it also tells every node (kTimedWorkChannel) to schedule
  // the vacation's end. `floating`: a day spent when the user's clock ran out.
  virtual std::int64_t insert_vacation(std::int64_t user_id, std::int64_t starts_at, std::int64_t ends_at,
                                       bool floating) = 0;
  // Closes a vacation not yet closed; returns whether this call closed it
  // (of several nodes ending one vacation, one closes it and tells its tables).
  virtual bool close_vacation(std::int64_t id, std::int64_t ended_at) = 0;
  // The user's vacations that started at `started_since` or later.
  virtual std::vector<VacationRecord> vacations_of(std::int64_t user_id, std::int64_t started_since) = 0;
  // The user's vacation in progress at `now`, if any.
  virtual std::optional<VacationRecord> current_vacation(std::int64_t user_id, std::int64_t now) = 0;
  // Vacations not yet closed (the scheduler closes each at its end).
  virtual std::vector<VacationRecord> open_vacations() = 0;

  // Notifications and webhooks ------------------------------------------------

  // Returns the notification's id.
  virtual std::int64_t insert_notification(const NotificationRecord& notification) = 0;
  // The newest `limit` after `after_id`, oldest first.
  virtual std::vector<NotificationRecord> notifications_of(std::int64_t user_id, std::int64_t after_id,
                                                           int limit) = 0;
  virtual std::int64_t unread_notifications(std::int64_t user_id) = 0;
  virtual void mark_notifications_read(std::int64_t user_id, std::int64_t up_to_id, std::int64_t now) = 0;
  // Nothing: the user has no webhook.
  virtual void update_webhook_url(std::int64_t user_id, const std::optional<std::string>& url) = 0;
  virtual std::optional<std::string> webhook_url_of(std::int64_t user_id) = 0;

  // A pending delivery due now; returns its id. With PostgreSQL it also tells
  // every node (kTimedWorkChannel) that a delivery is due.
  virtual std::int64_t insert_delivery(std::int64_t notification_id, const std::string& url,
                                       const std::string& body_json, std::int64_t now) = 0;
  // Pending deliveries due by `now`, the longest waiting first, claimed for
  // `claim` (timed_claim.hpp): with PostgreSQL only those no other node has
  // a live claim on, and none another node is claiming at the same moment
  // (SKIP LOCKED); each is then this node's for `claim.lasts_ms`.
  virtual std::vector<DeliveryRecord> due_deliveries(std::int64_t now, int limit, const Claim& claim) = 0;
  // When this node should look at the outbox next: the earliest pending
  // delivery's next attempt, or, for one another node has a live claim on,
  // the end of that claim (counted from `now`), so that a dead node's
  // deliveries are taken when its claims expire.
  virtual std::optional<std::int64_t> next_delivery_at(std::int64_t now, const Claim& claim) = 0;
  // Stores a delivery's status, attempts, next attempt and last error, and
  // ends `claim.node`'s claim on it. Returns false and writes nothing when
  // another node claimed it since (this node's claim expired): only the
  // claimant records an outcome.
  virtual bool update_delivery(const DeliveryRecord& delivery, std::int64_t now, const Claim& claim) = 0;
  virtual std::optional<DeliveryRecord> load_delivery(std::int64_t id) = 0;

  // Web Push and signed webhooks ------------------------------------------------

  // Nothing: the user has no webhook.
  virtual void update_webhook_secret(std::int64_t user_id, const std::optional<std::string>& secret) = 0;
  // Adds the subscription, or hands one with the same endpoint (one browser's)
  // to this user with its new keys; returns its id.
  virtual std::int64_t upsert_push_subscription(const PushSubscriptionRecord& subscription) = 0;
  virtual std::vector<PushSubscriptionRecord> push_subscriptions_of(std::int64_t user_id) = 0;
  // Whether the user had a subscription with this endpoint.
  virtual bool delete_push_subscription(std::int64_t user_id, const std::string& endpoint) = 0;
  // Its push service said it is gone.
  virtual void delete_push_subscription_by_id(std::int64_t id) = 0;
  // A pending push delivery due now; returns its id (and tells every node,
  // as insert_delivery does).
  virtual std::int64_t insert_push_delivery(std::int64_t notification_id, const PushSubscriptionRecord& to,
                                            const std::string& body_json, std::int64_t now) = 0;
  virtual std::optional<VapidKeyRecord> vapid_key() = 0;
  // Stores `key` unless a key is stored already; returns the stored key.
  virtual VapidKeyRecord keep_vapid_key(const VapidKeyRecord& key, std::int64_t now) = 0;

  // Deletes at most `limit` webhook deliveries settled (delivered or given up)
  // more than `keep_webhooks_seconds` before `now`, then at most `limit`
  // notifications read more than `keep_notifications_seconds` before `now` that
  // no delivery refers to any more. A period of 0 keeps those rows forever.
  // Pending deliveries and unread notifications are never deleted.
  virtual PrunedRows prune_settled(std::int64_t now, std::int64_t keep_notifications_seconds,
                                   std::int64_t keep_webhooks_seconds, int limit) = 0;
  // Both outboxes' backlog at `now` (correspondence_rows.hpp): reads only
  // their pending rows, through the partial indexes on them.
  virtual OutboxDepth outbox_depth(std::int64_t now) = 0;
  // Claims `work` for `claim` (timed_claims): granted when nobody holds it,
  // its holder's claim expired, or the holder is this node (then extended).
  // With SQLite always granted.
  virtual ClaimAnswer claim_timed_work(TimedWork work, const Claim& claim) = 0;

  // Email notices (schema/0007_email.sql) ------------------------------------

  virtual std::optional<EmailAddressRecord> email_of(std::int64_t user_id) = 0;
  // A new, unconfirmed address with the hash of its confirmation token.
  virtual void set_email(std::int64_t user_id, const std::string& address, const std::string& confirm_hash,
                         std::int64_t expires_at, std::int64_t now) = 0;
  virtual void delete_email(std::int64_t user_id) = 0;
  // Confirms the address whose unexpired token has this hash, once; returns its user.
  virtual std::optional<std::int64_t> confirm_email(const std::string& confirm_hash, std::int64_t now) = 0;
  // Defaults for a player who chose nothing.
  virtual NoticeSettingsRecord notice_settings(std::int64_t user_id) = 0;
  // With PostgreSQL it also tells every node (kTimedWorkChannel) that the
  // next digest time may have changed.
  virtual void save_notice_settings(const NoticeSettingsRecord& settings) = 0;
  virtual void set_notice_choice(std::int64_t user_id, NoticeKind kind, NoticeDelivery delivery) = 0;
  // Players whose digest is due by `now`. With PostgreSQL their settings
  // rows stay locked until the job's transaction ends, and rows another node
  // has locked are skipped: each digest is queued by one node.
  virtual std::vector<std::int64_t> due_digests(std::int64_t now, int limit) = 0;
  virtual std::optional<std::int64_t> next_digest_at() = 0;
  virtual void set_next_digest_at(std::int64_t user_id, std::optional<std::int64_t> at) = 0;
  // Playing tables where the user is to move, the earliest deadline first.
  virtual std::vector<WaitingTable> tables_waiting_for(std::int64_t user_id, std::int64_t now) = 0;
  // Notifications of the user since `after` (unix seconds), oldest first.
  virtual std::vector<NotificationRecord> notifications_since(std::int64_t user_id, std::int64_t after, int limit) = 0;
  virtual std::optional<NotificationRecord> load_notification(std::int64_t id) = 0;
  virtual std::optional<std::string> table_name(std::int64_t table_id) = 0;

  // An email to send; nothing happens if its idempotency key has one already.
  // Returns whether it was added. With PostgreSQL it also tells every node
  // (kTimedWorkChannel) that an email is due.
  virtual bool insert_email(const EmailRecord& email, std::int64_t now) = 0;
  // As due_deliveries, for the email outbox.
  virtual std::vector<EmailRecord> due_emails(std::int64_t now, int limit, const Claim& claim) = 0;
  // Emails of `purpose` queued for the user since `since`.
  virtual int count_emails(std::int64_t user_id, EmailPurpose purpose, std::int64_t since) = 0;
  // As next_delivery_at, for the email outbox.
  virtual std::optional<std::int64_t> next_email_at(std::int64_t now, const Claim& claim) = 0;
  // Stores an email's status, attempts, next attempt, last error and payload,
  // and ends the claim; false and nothing written when another node claimed
  // it since (as update_delivery).
  virtual bool update_email(const EmailRecord& email, std::int64_t now, const Claim& claim) = 0;
  // Password resets (schema/0028_password_resets.sql) -----------------------

  // The accounts whose confirmed address is `address`, compared without
  // regard to case; the oldest account first.
  virtual std::vector<std::int64_t> users_with_confirmed_email(const std::string& address) = 0;
  // A reset link for the user, its token as its hash; the user's expired
  // links are deleted.
  virtual void insert_password_reset(std::int64_t user_id, const std::string& token_hash, std::int64_t now,
                                     std::int64_t expires_at) = 0;
  // Reset links made for the user since `since`.
  virtual int count_password_resets(std::int64_t user_id, std::int64_t since) = 0;
  // The user of the unexpired link whose token has this hash, leaving it unused.
  virtual std::optional<std::int64_t> password_reset_user(const std::string& token_hash, std::int64_t now) = 0;
  // Uses the unexpired link whose token has this hash, once: returns its
  // user, and every link of that user is gone. With PostgreSQL two nodes
  // using one link at once: one gets the user, the other nothing.
  virtual std::optional<std::int64_t> use_password_reset(const std::string& token_hash, std::int64_t now) = 0;

  // Records that a deadline's warning was given; false if it had been already.
  virtual bool mark_deadline_warned(std::int64_t table_id, std::int64_t deadline_at, int hours_before) = 0;
  // Whose move the table awaits (nothing: nobody human).
  virtual void set_waiting_user(std::int64_t table_id, std::optional<std::int64_t> user_id) = 0;
  // The deadline the table waits on now (nothing: none, or it is not playing).
  virtual std::optional<std::int64_t> table_deadline(std::int64_t table_id) = 0;
  // The key for `purpose`, made from `fresh` on first use.
  virtual std::string server_key(const std::string& purpose, const std::string& fresh, std::int64_t now) = 0;

  // Ratings and profiles (schema/0010_ratings.sql, docs/ratings.md) -----------

  virtual void set_table_terms(std::int64_t table_id, const TableTerms& terms) = 0;
  // No row: no requirement, unrated with robots.
  virtual TableTerms table_terms(std::int64_t table_id) = 0;
  // Nothing: the user has no rated game in the pool.
  virtual std::optional<RatingRecord> rating_of(std::int64_t user_id, RatingPool pool) = 0;
  virtual void save_rating(std::int64_t user_id, RatingPool pool, const RatingRecord& rating) = 0;
  // Every stored rating gone, before ratings are computed again from the results.
  virtual void clear_ratings() = 0;
  virtual void insert_game_result(const GameResultRecord& result) = 0;
  // Rewrites a stored result's rated part (pool, place, before and after).
  virtual void update_game_rating(const GameResultRecord& result) = 0;
  // The user's results, oldest first, the newest `limit` of them; with the
  // table's name and player count.
  virtual std::vector<GameResultRecord> game_results_of(std::int64_t user_id, int limit) = 0;
  // Every result, in the order games finished (then table, then seat).
  virtual std::vector<GameResultRecord> all_game_results() = 0;
  virtual PlayerTotals player_totals(std::int64_t user_id) = 0;

  // Tournaments (schema/0023_tournaments.sql, docs/tournaments.md) ------------

  // A new tournament from `t`'s fields but its id, registration count and
  // creator's name; returns its id.
  virtual std::int64_t insert_tournament(const TournamentRecord& t) = 0;
  virtual std::optional<TournamentRecord> load_tournament(std::int64_t id) = 0;
  // The newest `limit` tournaments in any of `statuses`, newest first.
  virtual std::vector<TournamentRecord> list_tournaments(const std::vector<TournamentStatus>& statuses, int limit) = 0;
  // Registers the player: false if they are registered already (and have not left).
  virtual bool register_player(std::int64_t tournament_id, std::int64_t user_id, std::int64_t now) = 0;
  // Removes a registration before the start; returns whether there was one.
  virtual bool unregister_player(std::int64_t tournament_id, std::int64_t user_id) = 0;
  // After the start: the player leaves, and keeps their row for the standings.
  virtual void mark_player_left(std::int64_t tournament_id, std::int64_t user_id, LeftHow how,
                                const std::optional<std::string>& reason, std::int64_t now) = 0;
  // Every registered player, in order of registration, left ones included.
  virtual std::vector<TournamentPlayerRecord> tournament_players(std::int64_t tournament_id) = 0;
  virtual void set_seed_rating(std::int64_t tournament_id, std::int64_t user_id, std::optional<double> rating) = 0;
  // The rounds it plays, as its field at the start gives them.
  virtual void set_tournament_rounds(std::int64_t tournament_id, int rounds) = 0;
  // Claims the start of round `round` (current_round from round - 1 to
  // round, the status playing) and writes the round: false, and nothing
  // written, when another node or an earlier run started it already. The
  // round's tables are then written in the same transaction.
  virtual bool start_round(std::int64_t tournament_id, int round, std::int64_t now) = 0;
  // Claims the notice that the registration closes soon, while it is open:
  // true once, for the first caller.
  virtual bool claim_closing_notice(std::int64_t tournament_id) = 0;
  // Marks the round finished once: false when it is finished already.
  virtual bool finish_round(std::int64_t tournament_id, int round, std::int64_t now) = 0;
  // The tournament ends (finished or cancelled); false when it had already.
  virtual bool end_tournament(std::int64_t tournament_id, TournamentStatus status, std::int64_t now) = 0;
  virtual std::vector<TournamentRoundRecord> tournament_rounds(std::int64_t tournament_id) = 0;
  virtual void insert_bye(std::int64_t tournament_id, int round, std::int64_t user_id) = 0;
  virtual std::vector<TournamentByeRecord> tournament_byes(std::int64_t tournament_id) = 0;
  // The tournament's tables, by round then number, with their seats.
  virtual std::vector<TournamentTableRecord> tournament_tables(std::int64_t tournament_id) = 0;
  // Each seat of the tournament's finished tables, from their games' results.
  virtual std::vector<TournamentResultRecord> tournament_results(std::int64_t tournament_id) = 0;
  // Draws a duplicate round's deal: writes `secret` for the round unless a
  // deal is drawn for it already (the first one drawn stays).
  virtual void draw_tournament_deal(std::int64_t tournament_id, int round, const protocol::DealBytes& secret,
                                    std::int64_t now) = 0;
  // Every deal drawn, by round, with its contributions.
  virtual std::vector<TournamentDealRecord> tournament_deals(std::int64_t tournament_id) = 0;
  // Adds the player's contribution to the round's deal, if the deal is drawn
  // and the round has not started. Holds the tournament's row like
  // start_round, so a contribution is either in before the round's start
  // reads them or refused.
  virtual ContributionOutcome add_deal_contribution(std::int64_t tournament_id, int round, std::int64_t user_id,
                                                    const protocol::DealBytes& contribution, std::int64_t now) = 0;
  // Invites the player to the tournament: false if they were invited already.
  virtual bool invite_to_tournament(std::int64_t tournament_id, std::int64_t user_id, std::int64_t by,
                                    std::int64_t now) = 0;
  virtual bool invited_to_tournament(std::int64_t tournament_id, std::int64_t user_id) = 0;
  // The names of the players invited, in the order invited.
  virtual std::vector<std::string> tournament_invitees(std::int64_t tournament_id) = 0;
  // Tournaments registering or playing, for the director to watch.
  virtual std::vector<std::int64_t> active_tournament_ids() = 0;
  // The tournaments the user registered for that are registering or playing.
  virtual std::vector<std::int64_t> active_tournaments_of(std::int64_t user_id) = 0;

  // Leagues (schema/0027_leagues.sql, docs/leagues.md) ----------------------

  // A new league from `l`'s fields but its id, season and counts; returns its id.
  virtual std::int64_t insert_league(const LeagueRecord& l) = 0;
  virtual std::optional<LeagueRecord> load_league(std::int64_t id) = 0;
  // The newest `limit` leagues, newest first.
  virtual std::vector<LeagueRecord> list_leagues(int limit) = 0;
  virtual std::vector<std::int64_t> league_ids() = 0;
  // Holds the league's row until the transaction ends (with PostgreSQL; a
  // SQLite store runs one job at a time): a league's step, taken by one node,
  // is seen whole by the next. False if there is no such league.
  virtual bool hold_league(std::int64_t league_id) = 0;
  // The player joins (or joins again after leaving): false if they are in it already.
  virtual bool join_league(std::int64_t league_id, std::int64_t user_id, std::int64_t now) = 0;
  // Before the first season the player is taken out; after it, they are
  // marked to leave at the season's end. False if they were not in it.
  virtual bool leave_league(std::int64_t league_id, std::int64_t user_id, bool before_first_season,
                            std::int64_t now) = 0;
  // Every player, in order of joining, those leaving included.
  virtual std::vector<LeaguePlayerRecord> league_players(std::int64_t league_id) = 0;
  // Claims the start of season `season` (current_season from season - 1,
  // whose season row, if any, is finished) and writes its row: false, and
  // nothing written, when another node or an earlier run started it. The
  // season's divisions and schedule are written in the same transaction.
  virtual bool start_season(std::int64_t league_id, int season, std::int64_t finish_by, std::int64_t now) = 0;
  // Marks the season finished once: false when it is finished already.
  virtual bool finish_season(std::int64_t league_id, int season, std::int64_t next_season_at, std::int64_t now) = 0;
  virtual std::vector<LeagueSeasonRecord> league_seasons(std::int64_t league_id) = 0;
  virtual void insert_league_place(std::int64_t league_id, int season, const LeaguePlaceRecord& place) = 0;
  virtual void set_league_move(std::int64_t league_id, int season, std::int64_t user_id, tournament::Move move) = 0;
  // The season's players by division, then place.
  virtual std::vector<LeaguePlaceRecord> league_places(std::int64_t league_id, int season) = 0;
  virtual void insert_league_table(std::int64_t league_id, int season, const LeagueTableRecord& table) = 0;
  // Names the game table a scheduled table started as, once: false when it had started already.
  virtual bool set_league_table_started(std::int64_t league_id, int season, int division, int round, int number,
                                        std::int64_t table_id) = 0;
  // The season's schedule, by division, round and number, with each started table's state.
  virtual std::vector<LeagueTableRecord> league_tables(std::int64_t league_id, int season) = 0;
  virtual void insert_league_bye(std::int64_t league_id, int season, const LeagueByeRecord& bye) = 0;
  virtual std::vector<LeagueByeRecord> league_byes(std::int64_t league_id, int season) = 0;
  // Each seat of the season's finished tables, from their games' results.
  virtual std::vector<LeagueResultRecord> league_results(std::int64_t league_id, int season) = 0;
  // The leagues the user plays in (not leaving).
  virtual std::vector<std::int64_t> leagues_of(std::int64_t user_id) = 0;

  // The administrators' log ---------------------------------------------------

  virtual void log_admin_action(const AdminAction& action) = 0;
  // The latest acts first; `table` narrows to one table.
  virtual std::vector<AdminAction> list_admin_actions(std::optional<std::int64_t> table, int limit) = 0;

 protected:
  Records() = default;
  Records(const Records&) = default;
  Records& operator=(const Records&) = default;
};

}  // namespace sp::server
