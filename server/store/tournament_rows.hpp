// Rows of tournaments (schema/0023_tournaments.sql, docs/tournaments.md): the
// tournament, its players, its rounds and byes, and what its tables' records
// give the standings. Read and written by Records (records.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/deal_bytes.hpp"
#include "protocol/table_status.hpp"
#include "protocol/tournament_status.hpp"

namespace sp::server {

using protocol::TournamentFormat;
using protocol::TournamentStatus;

struct TournamentRecord {
  std::int64_t id = 0;
  std::string name;
  std::int64_t creator_id = 0;
  std::string creator_name;  // read back only
  TournamentStatus status = TournamentStatus::kRegistering;
  TournamentFormat format = TournamentFormat::kSwiss;
  int rounds = 0;
  int table_players = 0;
  // Each table's create_table fields, as protocol/stored_text.hpp writes them:
  // its tables are created exactly as a player's table with those fields is.
  std::string table_request;
  bool duplicate = false;
  std::optional<int> group_size;
  std::optional<int> advance;
  std::optional<double> min_rating;
  std::optional<double> max_timeout_rate;
  bool invitation_only = false;
  std::optional<int> max_players;
  std::int64_t registration_closes_at = 0;
  std::int64_t starts_at = 0;
  std::optional<std::int64_t> finish_by;
  // When it would end at its tables' pace (docs/tournaments.md "The finish
  // date"), projected at its creation; nothing: not projected.
  std::optional<std::int64_t> projected_finish;
  int current_round = 0;  // 0 before the start
  std::int64_t created_at = 0;
  std::optional<std::int64_t> finished_at;
  int registered = 0;  // read back only: players registered who have not left
};

// How a player left a tournament they registered for.
enum class LeftHow : std::uint8_t { kWithdrew, kDisqualified };
std::string_view to_string(LeftHow how);
std::optional<LeftHow> parse_left_how(std::string_view word);

struct TournamentPlayerRecord {
  std::int64_t user_id = 0;
  std::string name;  // read back only
  std::int64_t registered_at = 0;
  // The displayed rating in the tournament's pool when it started: its
  // seeding; nothing before the start, or for a player never rated there.
  std::optional<double> seed_rating;
  std::optional<std::int64_t> left_at;
  std::optional<LeftHow> left_how;
  std::optional<std::string> left_reason;
};

// A round's life: written when it starts, with its tables.
enum class RoundStatus : std::uint8_t { kPlaying, kFinished };
std::string_view to_string(RoundStatus status);

struct TournamentRoundRecord {
  int round = 0;
  RoundStatus status = RoundStatus::kPlaying;
  std::int64_t started_at = 0;
  std::optional<std::int64_t> finished_at;
};

// A duplicate round's deal (schema/0024_shared_deals.sql, docs/fairness.md
// "Duplicate deals"): drawn before the round, contributed to until it starts.
struct TournamentDealRecord {
  int round = 0;
  protocol::DealBytes secret{};
  std::int64_t drawn_at = 0;
  struct Contribution {
    std::int64_t user_id = 0;
    std::string name;  // read back only
    protocol::DealBytes bytes{};
    std::int64_t given_at = 0;
  };
  std::vector<Contribution> contributions;  // in the order given
};

// What became of a contribution offered to a round's deal.
enum class ContributionOutcome : std::uint8_t {
  kAdded,
  kAlreadyGiven,  // the player gave one to this round already
  kClosed,        // no such deal is open: not drawn, or its round has started
};

struct TournamentByeRecord {
  int round = 0;
  std::int64_t user_id = 0;
  std::string name;  // read back only
};

// A table of the tournament as its rounds list it.
struct TournamentTableRecord {
  std::int64_t table_id = 0;
  int round = 0;
  int number = 0;  // its number in the round, from 1
  protocol::TableStatus status = protocol::TableStatus::kPlaying;
  std::optional<std::int64_t> deadline_at;
  struct Seat {
    int seat = 0;
    std::int64_t user_id = 0;
    std::string name;
  };
  std::vector<Seat> seats;  // in seat order
};

// One seat of a finished tournament table, from its game's results.
struct TournamentResultRecord {
  std::int64_t table_id = 0;
  int round = 0;
  int number = 0;
  int table_size = 0;
  int seat = 0;
  std::int64_t user_id = 0;
  int place = 0;
  bool abandoned = false;
  int points = 0;  // the seat's final total
  int rubles = 0;
};

}  // namespace sp::server
