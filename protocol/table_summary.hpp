// A table as the lobby, "my tables", the administrator's list and the table's
// own messages describe it (defs.json `table_summary`): one struct and one
// encoder, whether the table is read from the store or is live in memory.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "engine/options.hpp"
#include "protocol/deal_bytes.hpp"
#include "protocol/table_clocks.hpp"

namespace sp::protocol {

struct SeatSummary {
  int seat = 0;
  std::string name;
  std::string controller;  // a seat controller's word: human, robot, absent
  bool robot = false;
  int timeouts = 0;
  bool bot = false;  // a third-party bot's account (docs/bots.md)
  // A seat a robot plays: its level (1 to 3) and the displayed rating of that
  // level's account in the table's pool (docs/robot.md "Levels on the site").
  std::optional<int> robot_level = std::nullopt;
  std::optional<double> robot_rating = std::nullopt;
};

// The public part of a fair deal (docs/fairness.md): the scheme, the
// commitment, each seat's contribution (none: not given), and the secret once
// it may be shown.
struct PublicDeal {
  std::string scheme;
  std::string commitment;
  std::vector<std::pair<int, std::optional<DealBytes>>> contributions;
  std::optional<DealBytes> secret;
  // A duplicate round's table (scheme kSharedDealScheme): the contributions
  // the round's players gave, in byte order. The seats give none of their own.
  std::optional<std::vector<DealBytes>> round_contributions;
};

// A tournament's table: which tournament, round and table number.
struct TournamentMark {
  std::int64_t id = 0;
  int round = 0;
  int table = 0;
};

// A league's table: which league, season and division (from 1, the top one).
struct LeagueMark {
  std::int64_t id = 0;
  int season = 0;
  int division = 0;
};

struct TableSummary {
  std::int64_t id = 0;
  std::string name;
  std::string status;  // a TableStatus's word, or "faulted" for a live table that stopped
  int players = 0;
  std::vector<SeatSummary> seats;
  // A live table's options; a stored table's as stored, written decoded and
  // encoded again when they decode, as they are otherwise.
  std::variant<engine::TableOptions, std::string> options;
  std::string creator;
  std::int64_t move_number = 0;
  std::vector<int> to_act;  // only a live table knows; empty from the store
  std::int64_t created_at = 0;
  // The pace (docs/correspondence.md).
  std::optional<std::int64_t> move_seconds;
  std::optional<int> takeover_after;
  std::string takeover_by;
  std::optional<std::int64_t> deadline_at;
  std::optional<std::int64_t> deadline_paused_left;
  std::optional<TimeBankHours> time_bank;  // in place of a move deadline
  bool floating_vacation = true;           // players' floating vacation days may be spent here
  bool timeout_vote = false;               // the players present decide about a late seat
  std::optional<ClocksShown> clocks;       // a table with a move deadline or a bank
  std::optional<PublicDeal> deal;  // none for a table dealt before fair deals
  bool is_private = false;
  std::optional<std::string> abort_reason;  // an administrator's, given when aborting
  // A live table being played: how long robots standing in for a person who
  // ran out of time wait before each move, while no person plays
  // (docs/correspondence.md); none when they do not wait.
  std::optional<std::int64_t> stand_in_wait_seconds;
  // A table of a tournament ("tournament": {id, round, table}).
  std::optional<TournamentMark> tournament;
  // A table of a league ("league": {id, season, division}).
  std::optional<LeagueMark> league;
};

nlohmann::json encode_seat_summary(const SeatSummary& seat);
nlohmann::json encode_deal(const PublicDeal& deal);
nlohmann::json encode_table_summary(const TableSummary& summary);

}  // namespace sp::protocol
