// The `details` a notification carries, by kind (docs/notifications.md): one
// struct each and one encoder, so that what a client reads of a notice is
// written in one place. A notification is drafted with its details typed and
// encoded once, when it is stored.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/standing_order.hpp"

namespace sp::protocol {

struct YourTurnDetails {
  std::int64_t move_number = 0;  // the move awaited
};
struct TimedOutDetails {
  int seat = 0;
  std::string name;
  int timeouts = 0;
  std::string controller;  // who plays the seat now
  // Told to the seat's own person when it was taken over: they may take it
  // back (reclaim_seat) whenever they want.
  bool reclaim = false;
};
struct GameEndedDetails {
  int place = 0;
  int points = 0;
};
struct DeadlineNearDetails {
  std::int64_t hours = 0;  // left, at most
  std::int64_t deadline_at = 0;
};
struct ChatMentionDetails {
  std::string from;
};
struct OrdersLapsedDetails {
  std::vector<engine::StandingOrder> lapsed;
};
struct InvitedDetails {
  std::string from;  // who invites
};
// A day of the user's vacation allowance was spent because their clock ran
// out at the table (docs/correspondence.md "Floating vacation").
struct VacationDaySpentDetails {
  std::int64_t ends_at = 0;  // the day's end: the clock runs again then, with nothing left
  int days_left = 0;         // of this year's allowance
};

// A seat's time ran out at a table whose players decide: the question asked
// of each of them (docs/correspondence.md "The players decide").
struct LateVoteDetails {
  int seat = 0;
  std::string name;           // the late seat's player
  std::int64_t expires_at = 0;  // when the time to vote runs out
};

// A tournament's round started: the user's new table (the notice's table),
// or none: the user sits the round out (a bye).
struct TournamentRoundDetails {
  std::int64_t tournament = 0;
  std::string tournament_name;
  int round = 0;
  std::optional<std::int64_t> table;
};

// A tournament's registration closes soon.
struct TournamentRegistrationClosingDetails {
  std::int64_t tournament = 0;
  std::string tournament_name;
  std::int64_t closes_at = 0;
};

// The creator of an invitation-only tournament invited the user.
struct TournamentInvitedDetails {
  std::int64_t tournament = 0;
  std::string tournament_name;
  std::string from;
};

// A tournament the user played in finished: their final rank among `players`.
struct TournamentFinishedDetails {
  std::int64_t tournament = 0;
  std::string tournament_name;
  int rank = 0;
  int players = 0;
};

// A league's season has started: the player's division (from 1, the top one).
struct LeagueSeasonDetails {
  std::int64_t league = 0;
  std::string league_name;
  int season = 0;
  int division = 0;
};

// A table of a league's season has started with the player at it.
struct LeagueTableDetails {
  std::int64_t league = 0;
  std::string league_name;
  int season = 0;
  std::int64_t table = 0;
};

// A league's season has ended: the player's rank in their division and
// where they go next season (up, stay or down).
struct LeagueSeasonFinishedDetails {
  std::int64_t league = 0;
  std::string league_name;
  int season = 0;
  int division = 0;
  int rank = 0;
  int players = 0;
  std::string moved;
};

// A notification's details; nothing (an empty object) for a kind that says
// all in its text (table_started, webhook_test).
using NoticeDetails = std::variant<std::monostate, YourTurnDetails, TimedOutDetails, GameEndedDetails,
                                   DeadlineNearDetails, ChatMentionDetails, OrdersLapsedDetails, InvitedDetails,
                                   VacationDaySpentDetails, LateVoteDetails, TournamentRoundDetails,
                                   TournamentRegistrationClosingDetails, TournamentFinishedDetails,
                                   TournamentInvitedDetails, LeagueSeasonDetails, LeagueTableDetails,
                                   LeagueSeasonFinishedDetails>;

nlohmann::json encode_details(const NoticeDetails& details);

}  // namespace sp::protocol
