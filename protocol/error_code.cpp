#include "protocol/error_code.hpp"

#include <array>

namespace sp::protocol {
namespace {

struct Entry {
  ErrorCode code;
  std::string_view wire;
  std::string_view sentence;
};

constexpr std::array kEntries = {
    Entry{ErrorCode::kBadJson, "bad_json", "The message is not valid JSON."},
    Entry{ErrorCode::kBadRequest, "bad_request", "A message is a JSON object with a \"type\"."},
    Entry{ErrorCode::kUnknownType, "unknown_type", "There is no such request."},
    Entry{ErrorCode::kUnknownField, "unknown_field", "The request has a field its schema does not have."},
    Entry{ErrorCode::kHelloRequired, "hello_required", "Say hello first: {\"type\": \"hello\", \"protocol\": 1}."},
    Entry{ErrorCode::kUnsupportedVersion, "unsupported_version", "This server speaks another protocol version."},
    Entry{ErrorCode::kNotLoggedIn, "not_logged_in", "Log in first (register, login or resume_session)."},
    Entry{ErrorCode::kInvalidName, "invalid_name", "A name has 3 to 24 letters, digits, '_' or '-'."},
    Entry{ErrorCode::kWeakPassword, "weak_password", "A password has 8 to 256 characters."},
    Entry{ErrorCode::kNameTaken, "name_taken", "That name is taken."},
    Entry{ErrorCode::kBadCredentials, "bad_credentials", "That name and password do not match an account."},
    Entry{ErrorCode::kInvalidToken, "invalid_token", "That session is unknown, ended or expired; log in again."},
    Entry{ErrorCode::kSessionEnded, "session_ended",
          "Your session ended before this reply could be given; log in again."},
    Entry{ErrorCode::kNoSuchTable, "no_such_table", "There is no such table."},
    Entry{ErrorCode::kNoSuchUser, "no_such_user", "There is no user of that name."},
    Entry{ErrorCode::kTableFull, "table_full", "Every seat of that table is taken."},
    Entry{ErrorCode::kAlreadySeated, "already_seated", "You have a seat at that table already."},
    Entry{ErrorCode::kNotSeated, "not_seated", "You have no seat at that table."},
    Entry{ErrorCode::kNotCreator, "not_creator", "Only the table's creator may do that."},
    Entry{ErrorCode::kTableNotOpen, "table_not_open", "That table is not open."},
    Entry{ErrorCode::kTableNotPlaying, "table_not_playing", "That table is not being played."},
    Entry{ErrorCode::kStaleMove, "stale_move", "That is not the table's next move."},
    Entry{ErrorCode::kTableFaulted, "table_faulted", "The table stopped after a storage failure."},
    Entry{ErrorCode::kSeatNotYoursNow, "seat_not_yours_now",
          "A robot or the table plays your seat now; take it back first (reclaim_seat)."},
    Entry{ErrorCode::kInvalidWebhook, "invalid_webhook", "A webhook is an https:// address."},
    Entry{ErrorCode::kWebhookAddressRefused, "webhook_address_refused",
          "The server may not send requests to that address."},
    Entry{ErrorCode::kInvalidPushSubscription, "invalid_push_subscription",
          "A push subscription is an https:// endpoint with a P-256 key and a 16-byte secret."},
    Entry{ErrorCode::kPushEndpointRefused, "push_endpoint_refused",
          "The server may not send push messages to that address."},
    Entry{ErrorCode::kTooManyPushSubscriptions, "too_many_push_subscriptions",
          "You have push notifications on in as many browsers as an account may."},
    Entry{ErrorCode::kAlreadyOnVacation, "already_on_vacation", "You are on vacation already."},
    Entry{ErrorCode::kNotOnVacation, "not_on_vacation", "You are not on vacation."},
    Entry{ErrorCode::kVacationAllowance, "vacation_allowance", "That is more than the vacation days left this year."},
    Entry{ErrorCode::kNoTestClock, "no_test_clock", "This server runs on the real clock."},
    Entry{ErrorCode::kAdministrationDisabled, "administration_disabled",
          "Administration is disabled on this server (no administrator token)."},
    Entry{ErrorCode::kInvalidAdminToken, "invalid_admin_token", "That is not the administrator token."},
    Entry{ErrorCode::kNotAdministrator, "not_administrator",
          "Administrators only: send admin_login with the administrator token first."},
    Entry{ErrorCode::kTableNotFinished, "table_not_finished", "That game is still running."},
    Entry{ErrorCode::kNoSuchMove, "no_such_move", "The table has no such move."},
    Entry{ErrorCode::kRateLimited, "rate_limited", "Too many requests; slow down."},
    Entry{ErrorCode::kLoginThrottled, "login_throttled", "Too many failed logins; try again later."},
    Entry{ErrorCode::kRegistrationThrottled, "registration_throttled",
          "Too many accounts were registered from your address; try again later."},
    Entry{ErrorCode::kChatThrottled, "chat_throttled", "Too many chat messages; wait a little."},
    Entry{ErrorCode::kInvitationThrottled, "invitation_throttled", "Too many invitations this hour; wait a little."},
    Entry{ErrorCode::kInvalidEmail, "invalid_email", "That is not an email address this server can write to."},
    Entry{ErrorCode::kEmailUnavailable, "email_unavailable", "This server sends no email (no SMTP relay is set)."},
    Entry{ErrorCode::kPrivateTable, "private_table",
          "That table is private: join it by invitation or with its code."},
    Entry{ErrorCode::kRatingTooLow, "rating_too_low", "Your rating is below the table's minimum."},
    Entry{ErrorCode::kTimeoutRateTooHigh, "timeout_rate_too_high", "Your timeout rate is above the table's maximum."},
    Entry{ErrorCode::kOffTimeTooLong, "off_time_too_long",
          "Your nights and off days together are more hours a week than this server allows."},
    Entry{ErrorCode::kBotsNotAllowed, "bots_not_allowed",
          "That table is for people only: bot accounts may not sit at it (its bots_allowed is false)."},
    Entry{ErrorCode::kBotHasGames, "bot_has_games",
          "Only an account that never sat at a table may become a bot; register a new account for your bot."},
    Entry{ErrorCode::kNothingToUndo, "nothing_to_undo", "You have no action to take back."},
    Entry{ErrorCode::kActedSince, "acted_since",
          "Someone else acted after your last action (a player, a robot, the table or a standing order); it stands."},
    Entry{ErrorCode::kRevealedHiddenCard, "revealed_hidden_card",
          "That action showed a card that was face down; it cannot be taken back."},
    Entry{ErrorCode::kPhaseEndedSince, "phase_ended",
          "A phase ended with that action and new cards were dealt; it cannot be taken back."},
    Entry{ErrorCode::kRequestPending, "request_pending", "A request at this table is still waiting for answers."},
    Entry{ErrorCode::kNoRequest, "no_request", "Nothing at this table waits for your answer."},
    Entry{ErrorCode::kAlreadyAnswered, "already_answered", "You answered already."},
    Entry{ErrorCode::kSeatResigned, "seat_resigned", "You resigned from this game; the robot plays your seat to the end."},
    Entry{ErrorCode::kPartEnded, "part_ended",
          "The other players ended your part in this game after your time ran out; the seat passes to the end."},
    Entry{ErrorCode::kTableMoved, "table_moved",
          "This table is being played by another server node now; nothing was changed. Send the request again."},
    Entry{ErrorCode::kNoSuchTournament, "no_such_tournament", "There is no such tournament."},
    Entry{ErrorCode::kRegistrationClosed, "registration_closed", "That tournament's registration is closed."},
    Entry{ErrorCode::kAlreadyRegistered, "already_registered", "You are registered for that tournament already."},
    Entry{ErrorCode::kNotRegistered, "not_registered", "You are not registered for that tournament."},
    Entry{ErrorCode::kTournamentFull, "tournament_full", "That tournament has as many players as it takes."},
    Entry{ErrorCode::kNotInvited, "not_invited", "That tournament is by invitation, and you were not invited."},
    Entry{ErrorCode::kTournamentsClosed, "tournaments_closed", "On this server only administrators create tournaments."},
    Entry{ErrorCode::kTournamentNotFinished, "tournament_not_finished",
          "A tournament's results bundle is public once the tournament has finished; this one has not."},
    Entry{ErrorCode::kRoundNotFinished, "round_not_finished",
          "That table's cards are dealt at the other tables of its duplicate round too: only its own players see it "
          "until the whole round has finished."},
    Entry{ErrorCode::kDealClosed, "deal_closed",
          "That round's deal takes no more contributions: its round has started, or it has no such deal."},
    Entry{ErrorCode::kAlreadyContributed, "already_contributed", "You have contributed to that round's deal already."},
    Entry{ErrorCode::kNoSuchLeague, "no_such_league", "There is no such league."},
    Entry{ErrorCode::kAlreadyInLeague, "already_in_league", "You play in that league already."},
    Entry{ErrorCode::kNotInLeague, "not_in_league", "You do not play in that league, or you leave it already."},
    Entry{ErrorCode::kStorageUnavailable, "storage_unavailable",
          "The database cannot be reached just now; nothing acknowledged is lost. Send the request again in a few "
          "seconds."},
    Entry{ErrorCode::kInternalError, "internal_error", "Something went wrong on the server; nothing was changed."},
};

constexpr std::array<ErrorCode, kEntries.size()> codes() {
  std::array<ErrorCode, kEntries.size()> out{};
  for (std::size_t i = 0; i < kEntries.size(); ++i) out[i] = kEntries[i].code;
  return out;
}
constexpr auto kCodes = codes();

const Entry& entry(ErrorCode code) { return kEntries[static_cast<std::size_t>(code)]; }

// The table is indexed by the enum: each entry in its place.
constexpr bool in_enum_order() {
  for (std::size_t i = 0; i < kEntries.size(); ++i) {
    if (static_cast<std::size_t>(kEntries[i].code) != i) return false;
  }
  return kEntries.size() == static_cast<std::size_t>(ErrorCode::kInternalError) + 1;
}
static_assert(in_enum_order(), "kEntries lists every ErrorCode once, in the enum's order");

}  // namespace

std::string_view to_string(ErrorCode code) { return entry(code).wire; }
std::string_view default_message(ErrorCode code) { return entry(code).sentence; }
std::span<const ErrorCode> all_error_codes() { return kCodes; }

}  // namespace sp::protocol
