// Every error code a reply may carry that is not a rule of the game: one enum,
// each code with its stable wire string (docs/protocol.md, "Protocol error
// codes", and defs.json's protocol_error_code, which a test compares with
// this list) and the sentence sent when nothing more particular is said.
//
// A refused action carries the engine's RuleErrorCode instead, and a
// malformed one a DecodeError code (engine_json.hpp): WireError holds any of
// the three as the code string that goes on the wire.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "engine/rule_error.hpp"

namespace sp::protocol {

enum class ErrorCode : std::uint8_t {
  kBadJson,
  kBadRequest,
  kUnknownType,
  kUnknownField,
  kHelloRequired,
  kUnsupportedVersion,
  kNotLoggedIn,
  kInvalidName,
  kWeakPassword,
  kNameTaken,
  kBadCredentials,
  kInvalidToken,
  kSessionEnded,
  kNoSuchTable,
  kNoSuchUser,
  kTableFull,
  kAlreadySeated,
  kNotSeated,
  kNotCreator,
  kTableNotOpen,
  kTableNotPlaying,
  kStaleMove,
  kTableFaulted,
  kSeatNotYoursNow,
  kInvalidWebhook,
  kWebhookAddressRefused,
  kInvalidPushSubscription,
  kPushEndpointRefused,
  kTooManyPushSubscriptions,
  kAlreadyOnVacation,
  kNotOnVacation,
  kVacationAllowance,
  kNoTestClock,
  kAdministrationDisabled,
  kInvalidAdminToken,
  kNotAdministrator,
  kTableNotFinished,
  kNoSuchMove,
  kRateLimited,
  kLoginThrottled,
  kRegistrationThrottled,
  kChatThrottled,
  kInvitationThrottled,
  kInvalidEmail,
  kEmailUnavailable,
  kPrivateTable,
  kRatingTooLow,
  kTimeoutRateTooHigh,
  kOffTimeTooLong,
  kBotsNotAllowed,
  kBotHasGames,
  kNothingToUndo,
  kActedSince,
  kRevealedHiddenCard,
  kPhaseEndedSince,
  kRequestPending,
  kNoRequest,
  kAlreadyAnswered,
  kSeatResigned,
  kPartEnded,
  kTableMoved,
  kNoSuchTournament,
  kRegistrationClosed,
  kAlreadyRegistered,
  kNotRegistered,
  kTournamentFull,
  kNotInvited,
  kTournamentsClosed,
  kTournamentNotFinished,
  kRoundNotFinished,
  kDealClosed,
  kAlreadyContributed,
  kNoSuchLeague,
  kAlreadyInLeague,
  kNotInLeague,
  kStorageUnavailable,
  kInternalError,
};

std::string_view to_string(ErrorCode code);
// The sentence for a code when the situation adds nothing to it.
std::string_view default_message(ErrorCode code);
// Every code, in the enum's order.
std::span<const ErrorCode> all_error_codes();

}  // namespace sp::protocol
