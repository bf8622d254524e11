// The client's requests as values: one small struct per request type of
// schema/protocol (docs/protocol.md, "Requests"), gathered in the
// ClientRequest variant, as the engine's actions are. A request is checked
// here once, whole: the server's handlers receive typed, validated fields and
// never see JSON.
//
// decode_client_request takes one text frame through the envelope
// (request_envelope.hpp: JSON, type, id, no unknown field), then through the
// fields of its type: each is read in the order the server has always read
// them, so the first fault found is the one reported, with the same code and
// sentence. encode_client_request writes a request back as the schemas
// describe it, for tests and for C++ clients.
//
// Stateless; safe from any thread; decoding never throws.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/action.hpp"
#include "engine/expected.hpp"
#include "engine/robot_level.hpp"
#include "engine/options.hpp"
#include "engine/seat.hpp"
#include "protocol/standing_order_json.hpp"
#include "protocol/deal_bytes.hpp"
#include "protocol/error_code.hpp"
#include "protocol/request_id.hpp"
#include "protocol/table_clocks.hpp"
#include "protocol/table_status.hpp"
#include "protocol/tournament_status.hpp"

namespace sp::protocol {


// Who plays a seat whose player let too many deadlines pass.
enum class TakeoverBy : std::uint8_t { kRobot, kAbsent };
std::string_view to_string(TakeoverBy by);

// create_table's timeout_policy; a part left out keeps the server's default.
struct TimeoutPolicy {
  struct TakeoverAfter {
    std::optional<int> timeouts;  // nothing: the seat is never taken over (null on the wire)
    friend bool operator==(const TakeoverAfter&, const TakeoverAfter&) = default;
  };
  std::optional<TakeoverAfter> takeover_after;
  std::optional<TakeoverBy> takeover_by;
  // When a seat's time runs out, the players present decide (LateChoice);
  // the takeover above applies when they cannot or let the time to vote pass.
  bool vote = false;
  friend bool operator==(const TimeoutPolicy&, const TimeoutPolicy&) = default;
};

// What the players present decide about a seat whose time ran out
// (docs/correspondence.md "The players decide"), from the mildest.
enum class LateChoice : std::uint8_t { kWait, kRobot, kEnd };
std::string_view to_string(LateChoice choice);
std::optional<LateChoice> parse_late_choice(std::string_view word);

// Where a league's newcomers start (docs/leagues.md "The end of a season").
enum class LeagueNewcomers : std::uint8_t { kBottom, kByRating };
std::string_view to_string(LeagueNewcomers newcomers);
std::optional<LeagueNewcomers> parse_league_newcomers(std::string_view word);

// Who may register for a tournament (create_tournament's "entry").
struct TournamentEntry {
  std::optional<double> min_rating;        // the displayed rating, -100 to 100
  std::optional<double> max_timeout_rate;  // 0 to 1
  bool invitation_only = false;            // only players the creator invited
  friend bool operator==(const TournamentEntry&, const TournamentEntry&) = default;
};

namespace client {

// Accounts ------------------------------------------------------------------

// The capability a client names in hello to receive compact table_updates:
// the view's changes after each move instead of the whole view
// (docs/protocol.md, "Compact updates").
inline constexpr std::string_view kCompactUpdates = "compact_updates";

struct Hello {
  static constexpr std::string_view kType = "hello";
  std::int64_t protocol = 1;
  std::optional<std::string> client;  // the client's name and version, when sent as a text
  std::optional<std::string> language;  // a language tag ("fr", "ru-RU"): rule errors and move words follow it
  // What the client can read beyond protocol 1's plain form; unknown ones are
  // ignored, so a client may ask for more than a server offers.
  std::vector<std::string> capabilities;
  friend bool operator==(const Hello&, const Hello&) = default;
};

struct Register {
  static constexpr std::string_view kType = "register";
  std::string name;      // of the form a name takes (3 to 24 letters, digits, '_' or '-')
  std::string password;  // 8 to 256 characters
  friend bool operator==(const Register&, const Register&) = default;
};

struct Login {
  static constexpr std::string_view kType = "login";
  std::string name;
  std::string password;
  friend bool operator==(const Login&, const Login&) = default;
};

struct ResumeSession {
  static constexpr std::string_view kType = "resume_session";
  std::string token;
  friend bool operator==(const ResumeSession&, const ResumeSession&) = default;
};

struct Logout {
  static constexpr std::string_view kType = "logout";
  friend bool operator==(const Logout&, const Logout&) = default;
};

struct LogoutEverywhere {
  static constexpr std::string_view kType = "logout_everywhere";
  friend bool operator==(const LogoutEverywhere&, const LogoutEverywhere&) = default;
};

struct ChangePassword {
  static constexpr std::string_view kType = "change_password";
  std::string old_password;
  std::string new_password;  // 8 to 256 characters
  friend bool operator==(const ChangePassword&, const ChangePassword&) = default;
};

// Mails a one-time link for a new password to every account that confirmed
// this address (docs/protocol.md "Accounts"); the same answer whether or not
// one did.
struct RequestPasswordReset {
  static constexpr std::string_view kType = "request_password_reset";
  std::string address;
  std::optional<std::string> language;  // the mail's, if given; else the player's
  friend bool operator==(const RequestPasswordReset&, const RequestPasswordReset&) = default;
};

// A new password with the token of a reset link; every session of the
// account ends, and this connection logs in.
struct ResetPassword {
  static constexpr std::string_view kType = "reset_password";
  std::string token;         // 64 hex digits
  std::string new_password;  // 8 to 256 characters
  friend bool operator==(const ResetPassword&, const ResetPassword&) = default;
};

// The player's own data in one document (protocol/account_export.hpp).
struct ExportAccount {
  static constexpr std::string_view kType = "export_account";
  friend bool operator==(const ExportAccount&, const ExportAccount&) = default;
};

// The owner's own account becomes a third-party bot's, for good
// (docs/bots.md); only an account that never sat at a table.
struct BecomeBot {
  static constexpr std::string_view kType = "become_bot";
  friend bool operator==(const BecomeBot&, const BecomeBot&) = default;
};

// The lobby -----------------------------------------------------------------

struct CreateTable {
  static constexpr std::string_view kType = "create_table";
  int players = 2;
  // As decoded, each option the client left out at its default, and checked
  // with `players` by dealing a game; nothing when the client sent none.
  std::optional<engine::TableOptions> options;
  std::optional<std::string> name;                  // nothing: the server names it after its creator
  std::optional<std::int64_t> move_deadline_hours;  // nothing (or null): no deadline
  std::optional<TimeBankHours> time_bank;            // in place of a move deadline
  std::optional<TimeoutPolicy> timeout_policy;
  std::optional<int> robots;  // 0 to players
  // The level its robot seats play at, 1 to 3 (docs/robot.md "Levels on the
  // site"); nothing: level 1.
  std::optional<engine::RobotLevel> robot_level;
  bool private_table = false;  // "private": out of the lobby, joined by invitation or with its code
  // Ratings (docs/ratings.md): rated even with robots seated; what a joiner needs.
  bool rated = false;
  std::optional<double> min_rating;        // the displayed rating, -100 to 100
  std::optional<double> max_timeout_rate;  // 0 to 1
  // Whether third-party bot accounts may sit (docs/bots.md); by default a
  // table is for people only, as lichess's games are unless they invite bots.
  bool bots_allowed = false;
  // Whether players' floating vacation days may be spent at the table when
  // their clock runs out (docs/correspondence.md); a tournament turns it off.
  bool floating_vacation = true;
  friend bool operator==(const CreateTable&, const CreateTable&) = default;
};

// A player's profile (docs/ratings.md): ratings, history, timeout rate.
struct Profile {
  static constexpr std::string_view kType = "profile";
  std::string name;
  friend bool operator==(const Profile&, const Profile&) = default;
};

struct ListTables {
  static constexpr std::string_view kType = "list_tables";
  std::optional<TableStatus> status;  // never kAborted; nothing: open tables
  friend bool operator==(const ListTables&, const ListTables&) = default;
};

struct JoinTable {
  static constexpr std::string_view kType = "join_table";
  std::int64_t table = 0;
  std::optional<DealBytes> contribution;  // the seat's share of the deal (docs/fairness.md)
  std::optional<std::string> code;  // a private table's code (from its link)
  friend bool operator==(const JoinTable&, const JoinTable&) = default;
};

struct LeaveTable {
  static constexpr std::string_view kType = "leave_table";
  std::int64_t table = 0;
  friend bool operator==(const LeaveTable&, const LeaveTable&) = default;
};

struct Invite {
  static constexpr std::string_view kType = "invite";
  std::int64_t table = 0;
  std::string name;
  friend bool operator==(const Invite&, const Invite&) = default;
};

struct StartTable {
  static constexpr std::string_view kType = "start_table";
  std::int64_t table = 0;
  std::optional<DealBytes> contribution;  // the creator's seat's share of the deal (docs/fairness.md)
  friend bool operator==(const StartTable&, const StartTable&) = default;
};

struct MyTables {
  static constexpr std::string_view kType = "my_tables";
  friend bool operator==(const MyTables&, const MyTables&) = default;
};

// Play ----------------------------------------------------------------------

struct Subscribe {
  static constexpr std::string_view kType = "subscribe";
  std::int64_t table = 0;
  std::optional<std::int64_t> since_move;
  friend bool operator==(const Subscribe&, const Subscribe&) = default;
};

struct Unsubscribe {
  static constexpr std::string_view kType = "unsubscribe";
  std::int64_t table = 0;
  friend bool operator==(const Unsubscribe&, const Unsubscribe&) = default;
};

struct Act {
  static constexpr std::string_view kType = "act";
  std::int64_t table = 0;
  std::int64_t move_number = 1;  // the number the move will have
  engine::Action action;
  friend bool operator==(const Act&, const Act&) = default;
};

struct LegalActions {
  static constexpr std::string_view kType = "legal_actions";
  std::int64_t table = 0;
  friend bool operator==(const LegalActions&, const LegalActions&) = default;
};

struct Chat {
  static constexpr std::string_view kType = "chat";
  std::int64_t table = 0;
  std::string text;  // 1 to 500 characters
  friend bool operator==(const Chat&, const Chat&) = default;
};

struct ChatHistory {
  static constexpr std::string_view kType = "chat_history";
  std::int64_t table = 0;
  std::optional<std::int64_t> before;  // a chat line's id
  std::optional<int> limit;            // 1 to 100
  friend bool operator==(const ChatHistory&, const ChatHistory&) = default;
};

// Correspondence play -------------------------------------------------------

struct Notifications {
  static constexpr std::string_view kType = "notifications";
  std::optional<std::int64_t> after;  // a notification's id
  std::optional<int> limit;           // 1 to 200
  friend bool operator==(const Notifications&, const Notifications&) = default;
};

struct MarkNotificationsRead {
  static constexpr std::string_view kType = "mark_notifications_read";
  std::optional<std::int64_t> up_to;  // nothing: all
  friend bool operator==(const MarkNotificationsRead&, const MarkNotificationsRead&) = default;
};

struct SetWebhook {
  static constexpr std::string_view kType = "set_webhook";
  std::optional<std::string> url;  // nothing (null on the wire): no webhook any more
  friend bool operator==(const SetWebhook&, const SetWebhook&) = default;
};

// Sends the user's webhook a test notification.
struct TestWebhook {
  static constexpr std::string_view kType = "test_webhook";
  friend bool operator==(const TestWebhook&, const TestWebhook&) = default;
};

// The server's VAPID public key (base64url), made on first use: what a
// browser's PushManager.subscribe takes as applicationServerKey.
struct PushKey {
  static constexpr std::string_view kType = "push_key";
  friend bool operator==(const PushKey&, const PushKey&) = default;
};

// A browser's push subscription (PushSubscription.toJSON()): notifications
// go to it as Web Push messages too.
struct AddPushSubscription {
  static constexpr std::string_view kType = "add_push_subscription";
  std::string endpoint;  // https://, of at most 1000 characters
  std::string p256dh;    // base64url, 65 bytes: a P-256 public key
  std::string auth;      // base64url, 16 bytes
  friend bool operator==(const AddPushSubscription&, const AddPushSubscription&) = default;
};

struct RemovePushSubscription {
  static constexpr std::string_view kType = "remove_push_subscription";
  std::string endpoint;
  friend bool operator==(const RemovePushSubscription&, const RemovePushSubscription&) = default;
};

struct Vacation {
  static constexpr std::string_view kType = "vacation";
  friend bool operator==(const Vacation&, const Vacation&) = default;
};

struct SetVacation {
  static constexpr std::string_view kType = "set_vacation";
  int days = 1;  // 1 to the server's yearly allowance (RequestLimits)
  friend bool operator==(const SetVacation&, const SetVacation&) = default;
};

struct EndVacation {
  static constexpr std::string_view kType = "end_vacation";
  friend bool operator==(const EndVacation&, const EndVacation&) = default;
};

struct ReclaimSeat {
  static constexpr std::string_view kType = "reclaim_seat";
  std::int64_t table = 0;
  friend bool operator==(const ReclaimSeat&, const ReclaimSeat&) = default;
};

// Standing orders (docs/protocol.md, "Standing orders"): the seat's own
// orders, read, or replaced whole (adding, reordering and cancelling are all a
// new list).
struct Orders {
  static constexpr std::string_view kType = "orders";
  std::int64_t table = 0;
  friend bool operator==(const Orders&, const Orders&) = default;
};

struct SetOrders {
  static constexpr std::string_view kType = "set_orders";
  std::int64_t table = 0;
  std::vector<OrderWish> orders;
  friend bool operator==(const SetOrders&, const SetOrders&) = default;
};

// Resigning, aborting by vote and undo by consent (docs/protocol.md,
// "Resigning, aborting, undoing"): the seat's player asks, the other seated
// humans answer.
struct Resign {
  static constexpr std::string_view kType = "resign";
  std::int64_t table = 0;
  friend bool operator==(const Resign&, const Resign&) = default;
};

struct ProposeAbort {
  static constexpr std::string_view kType = "propose_abort";
  std::int64_t table = 0;
  friend bool operator==(const ProposeAbort&, const ProposeAbort&) = default;
};

struct VoteAbort {
  static constexpr std::string_view kType = "vote_abort";
  std::int64_t table = 0;
  bool yes = false;
  friend bool operator==(const VoteAbort&, const VoteAbort&) = default;
};

// A vote on the open question about a late seat.
struct VoteLate {
  static constexpr std::string_view kType = "vote_late";
  std::int64_t table = 0;
  LateChoice choice = LateChoice::kWait;
  friend bool operator==(const VoteLate&, const VoteLate&) = default;
};

struct RequestUndo {
  static constexpr std::string_view kType = "request_undo";
  std::int64_t table = 0;
  friend bool operator==(const RequestUndo&, const RequestUndo&) = default;
};

struct AnswerUndo {
  static constexpr std::string_view kType = "answer_undo";
  std::int64_t table = 0;
  bool accept = false;
  friend bool operator==(const AnswerUndo&, const AnswerUndo&) = default;
};

struct DebugAdvanceClock {
  static constexpr std::string_view kType = "debug_advance_clock";
  std::int64_t seconds = 1;
  std::optional<std::string> admin_token;  // when sent as a text
  friend bool operator==(const DebugAdvanceClock&, const DebugAdvanceClock&) = default;
};

// Public records ------------------------------------------------------------

struct TableRecord {
  static constexpr std::string_view kType = "table_record";
  std::int64_t table = 0;
  friend bool operator==(const TableRecord&, const TableRecord&) = default;
};

struct ReplayView {
  static constexpr std::string_view kType = "replay_view";
  std::int64_t table = 0;
  std::int64_t move_number = 0;  // 0: the deal
  friend bool operator==(const ReplayView&, const ReplayView&) = default;
};

struct TableHistory {
  static constexpr std::string_view kType = "table_history";
  std::int64_t table = 0;
  friend bool operator==(const TableHistory&, const TableHistory&) = default;
};

// Administration ------------------------------------------------------------

struct AdminLogin {
  static constexpr std::string_view kType = "admin_login";
  std::string token;
  friend bool operator==(const AdminLogin&, const AdminLogin&) = default;
};

struct AdminListTables {
  static constexpr std::string_view kType = "admin_list_tables";
  std::optional<TableStatus> status;  // nothing: every status
  friend bool operator==(const AdminListTables&, const AdminListTables&) = default;
};

struct AdminView {
  static constexpr std::string_view kType = "admin_view";
  std::int64_t table = 0;
  friend bool operator==(const AdminView&, const AdminView&) = default;
};

struct AdminReplay {
  static constexpr std::string_view kType = "admin_replay";
  std::int64_t table = 0;
  std::int64_t move_number = 0;      // 0: the deal
  std::optional<engine::Seat> seat;  // nothing: the administrator's view
  friend bool operator==(const AdminReplay&, const AdminReplay&) = default;
};

struct AdminAbort {
  static constexpr std::string_view kType = "admin_abort";
  std::int64_t table = 0;
  std::string reason;  // 1 to 500 characters
  friend bool operator==(const AdminAbort&, const AdminAbort&) = default;
};

struct AdminRemovePlayer {
  static constexpr std::string_view kType = "admin_remove_player";
  std::int64_t table = 0;
  engine::Seat seat;
  std::optional<std::string> reason;  // 1 to 500 bytes, kept in the administrators' log
  friend bool operator==(const AdminRemovePlayer&, const AdminRemovePlayer&) = default;
};

struct AdminLogoutUser {
  static constexpr std::string_view kType = "admin_logout_user";
  std::string name;
  friend bool operator==(const AdminLogoutUser&, const AdminLogoutUser&) = default;
};

// An administrator disqualifies a tournament's player: a robot plays their
// seats from now on, and the reason is logged and shown.
struct AdminDisqualify {
  static constexpr std::string_view kType = "admin_disqualify";
  std::int64_t tournament = 0;
  std::string name;
  std::string reason;  // 1 to 200 bytes, showable
  friend bool operator==(const AdminDisqualify&, const AdminDisqualify&) = default;
};

// Tournaments (issue 36, docs/protocol.md "Tournaments") --------------------

struct CreateTournament {
  static constexpr std::string_view kType = "create_tournament";
  std::string name;  // 1 to 60 bytes, showable
  TournamentFormat format = TournamentFormat::kSwiss;
  // 1 to 20: given for swiss and round_robin, left out for elimination (the
  // number of its rounds follows from the field; 0 here).
  int rounds = 1;
  // Each table's game and pace: the wire's "table" object, read by
  // create_table's own reader; only players (3 to 5), options,
  // move_deadline_hours, time_bank, timeout_policy, rated and robot_level (the
  // level robots stand in at) may be given.
  CreateTable table;
  std::int64_t registration_closes_at = 0;  // unix seconds
  std::int64_t starts_at = 0;               // at or after registration_closes_at
  std::optional<std::int64_t> finish_by;    // after starts_at
  std::optional<int> group_size;            // round_robin only: table.players to 4 * table.players
  std::optional<int> advance;               // elimination only: 1 to table.players - 1
  bool duplicate = false;                   // every table of a round is dealt the same deal
  TournamentEntry entry;
  std::optional<int> max_players;  // 3 to 500
  friend bool operator==(const CreateTournament&, const CreateTournament&) = default;
};

struct ListTournaments {
  static constexpr std::string_view kType = "list_tournaments";
  std::optional<TournamentStatus> status;  // nothing: those registering and playing
  friend bool operator==(const ListTournaments&, const ListTournaments&) = default;
};

struct ShowTournament {
  static constexpr std::string_view kType = "tournament";
  std::int64_t tournament = 0;
  friend bool operator==(const ShowTournament&, const ShowTournament&) = default;
};

struct RegisterTournament {
  static constexpr std::string_view kType = "register_tournament";
  std::int64_t tournament = 0;
  friend bool operator==(const RegisterTournament&, const RegisterTournament&) = default;
};

struct WithdrawTournament {
  static constexpr std::string_view kType = "withdraw_tournament";
  std::int64_t tournament = 0;
  friend bool operator==(const WithdrawTournament&, const WithdrawTournament&) = default;
};

// The creator of an invitation-only tournament invites a player by name.
struct InviteTournament {
  static constexpr std::string_view kType = "invite_tournament";
  std::int64_t tournament = 0;
  std::string name;
  friend bool operator==(const InviteTournament&, const InviteTournament&) = default;
};

// A contribution to a duplicate round's deal, before the round starts
// (docs/fairness.md, "Duplicate deals").
struct ContributeDeal {
  static constexpr std::string_view kType = "contribute_deal";
  std::int64_t tournament = 0;
  int round = 0;
  DealBytes contribution{};
  friend bool operator==(const ContributeDeal&, const ContributeDeal&) = default;
};

// A finished tournament's results bundle (protocol/tournament_bundle.hpp).
struct GetTournamentBundle {
  static constexpr std::string_view kType = "tournament_bundle";
  std::int64_t tournament = 0;
  friend bool operator==(const GetTournamentBundle&, const GetTournamentBundle&) = default;
};

// Leagues (issue 36, docs/leagues.md, docs/protocol.md "Leagues") -----------

struct CreateLeague {
  static constexpr std::string_view kType = "create_league";
  std::string name;  // 1 to 60 bytes, showable
  // Each table's game and pace, as a tournament's "table" (players: 3 to 5).
  CreateTable table;
  int division_size = 8;  // 3 to 20
  int promoted = 2;       // 0 to division_size / 2
  LeagueNewcomers newcomers = LeagueNewcomers::kBottom;
  int tables_at_once = 2;  // 1 to 10
  int meetings = 1;        // 1 to 4
  int season_days = 28;    // 1 to 365
  std::int64_t starts_at = 0;  // the first season's start, unix seconds
  friend bool operator==(const CreateLeague&, const CreateLeague&) = default;
};

struct ListLeagues {
  static constexpr std::string_view kType = "list_leagues";
  friend bool operator==(const ListLeagues&, const ListLeagues&) = default;
};

struct ShowLeague {
  static constexpr std::string_view kType = "league";
  std::int64_t league = 0;
  std::optional<int> season;  // nothing: the current one (or the last)
  friend bool operator==(const ShowLeague&, const ShowLeague&) = default;
};

// Joins for the next season (the first, before it starts).
struct JoinLeague {
  static constexpr std::string_view kType = "join_league";
  std::int64_t league = 0;
  friend bool operator==(const JoinLeague&, const JoinLeague&) = default;
};

// Leaves at the end of the season being played (at once before the first).
struct LeaveLeague {
  static constexpr std::string_view kType = "leave_league";
  std::int64_t league = 0;
  friend bool operator==(const LeaveLeague&, const LeaveLeague&) = default;
};

// Email notices (issue 17, docs/notifications.md) ---------------------------

struct SetEmail {
  static constexpr std::string_view kType = "set_email";
  std::optional<std::string> address;   // nothing (null on the wire): no email any more
  std::optional<std::string> language;  // en, fr or ru: the language of the emails
  friend bool operator==(const SetEmail&, const SetEmail&) = default;
};

struct ConfirmEmail {
  static constexpr std::string_view kType = "confirm_email";
  std::string token;  // from the confirmation link
  friend bool operator==(const ConfirmEmail&, const ConfirmEmail&) = default;
};

struct NoticeSettings {
  static constexpr std::string_view kType = "notice_settings";
  friend bool operator==(const NoticeSettings&, const NoticeSettings&) = default;
};

struct QuietHours {
  int from = 22;  // local hour, 0 to 23
  int until = 7;
  friend bool operator==(const QuietHours&, const QuietHours&) = default;
};

// A player's nights off (their seat's clock stops), local hours.
struct Nights {
  int from = 23;
  int until = 7;
  friend bool operator==(const Nights&, const Nights&) = default;
};

// Changes only what it carries.
struct SetNoticeSettings {
  static constexpr std::string_view kType = "set_notice_settings";
  std::vector<std::pair<std::string, std::string>> choices;  // kind of notice, delivery
  std::optional<std::string> time_zone;                     // IANA name
  std::optional<int> digest_hour;                           // 0 to 23
  std::optional<std::optional<QuietHours>> quiet_hours;     // an inner nothing (null): none
  std::optional<std::string> language;
  std::optional<std::optional<Nights>> nights;              // an inner nothing (null): none
  std::optional<std::vector<int>> off_days;                 // weekdays, 0 Sunday .. 6 Saturday
  // Spend the vacation allowance a day at a time when the clock runs out.
  std::optional<bool> floating_vacation;
  friend bool operator==(const SetNoticeSettings&, const SetNoticeSettings&) = default;
};

// An administrator flags an account as a third-party bot's (docs/bots.md).
struct AdminFlagBot {
  static constexpr std::string_view kType = "admin_flag_bot";
  std::string name;
  friend bool operator==(const AdminFlagBot&, const AdminFlagBot&) = default;
};

struct AdminLog {
  static constexpr std::string_view kType = "admin_log";
  std::optional<std::int64_t> table;
  std::optional<int> limit;  // 1 to 1000
  friend bool operator==(const AdminLog&, const AdminLog&) = default;
};

}  // namespace client

using ClientRequest =
    std::variant<client::Hello, client::Register, client::Login, client::ResumeSession, client::Logout,
                 client::LogoutEverywhere, client::ChangePassword, client::CreateTable, client::ListTables,
                 client::JoinTable, client::LeaveTable, client::Invite, client::StartTable, client::MyTables,
                 client::Subscribe, client::Unsubscribe, client::Act, client::LegalActions, client::Chat,
                 client::ChatHistory, client::Notifications, client::MarkNotificationsRead, client::SetWebhook, client::TestWebhook,
                 client::PushKey, client::AddPushSubscription, client::RemovePushSubscription,
                 client::Vacation, client::SetVacation, client::EndVacation, client::ReclaimSeat, client::Orders,
                 client::SetOrders, client::Resign, client::ProposeAbort, client::VoteAbort, client::RequestUndo,
                 client::AnswerUndo, client::VoteLate,
                 client::DebugAdvanceClock, client::TableRecord, client::ReplayView, client::TableHistory,
                 client::AdminLogin, client::AdminListTables, client::AdminView, client::AdminReplay,
                 client::AdminAbort, client::AdminRemovePlayer, client::AdminLogoutUser, client::AdminLog,
                 client::SetEmail, client::ConfirmEmail, client::NoticeSettings, client::SetNoticeSettings,
                 client::Profile, client::BecomeBot, client::AdminFlagBot, client::CreateTournament,
                 client::ListTournaments, client::ShowTournament, client::RegisterTournament,
                 client::WithdrawTournament, client::AdminDisqualify, client::GetTournamentBundle,
                 client::ContributeDeal, client::InviteTournament, client::CreateLeague, client::ListLeagues,
                 client::ShowLeague, client::JoinLeague, client::LeaveLeague, client::RequestPasswordReset,
                 client::ResetPassword, client::ExportAccount>;

// The position of `Message` in ClientRequest, for tables indexed by request type.
template <class Message, class Variant = ClientRequest>
struct RequestIndex;
template <class Message, class... Messages>
struct RequestIndex<Message, std::variant<Messages...>> {
  static constexpr std::size_t value = [] {
    constexpr bool kIs[] = {std::is_same_v<Message, Messages>...};
    std::size_t i = 0;
    while (!kIs[i]) ++i;
    return i;
  }();
};
template <class Message>
inline constexpr std::size_t kRequestIndex = RequestIndex<Message>::value;

// A request's type as the wire names it ("act").
std::string_view request_type(const ClientRequest& request);
std::string_view request_type(std::size_t index);
// Every type of ClientRequest, in the variant's order.
std::vector<std::string_view> client_request_types();

// What the server's configuration bounds in a request.
struct RequestLimits {
  int vacation_days_per_year = 21;
};

struct DecodedRequest {
  RequestId id;
  ClientRequest request;
};

struct RequestError {
  ErrorCode code = ErrorCode::kBadRequest;
  std::string message;
  // A malformed action keeps the decoder's own code where it has one the
  // server sends (unknown_card); empty otherwise.
  std::string action_code;
  RequestId id;      // the request's id when it could be read, for the reply
  std::string type;  // the request's type when it could be read (at most 64 characters)
  // The ClientRequest alternative the frame names, when its type is known and
  // its fields were refused: the server still answers hello_required or a
  // missing login first, as it would for a request of that type.
  std::optional<std::size_t> request_index;

  std::string_view wire_code() const { return action_code.empty() ? to_string(code) : std::string_view(action_code); }
};

// Decodes one text frame into a request whose every field is checked.
[[nodiscard]] Expected<DecodedRequest, RequestError> decode_client_request(std::string_view frame,
                                                                          const RequestLimits& limits = {});

// The request as JSON: its type, the id when given, and its fields.
nlohmann::json encode_client_request(const ClientRequest& request, const RequestId& id = {});

}  // namespace sp::protocol
