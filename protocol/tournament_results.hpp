// The `data` of the tournaments' results (result.json's `$defs`, defs.json's
// tournament_summary; docs/protocol.md "Tournaments"): a tournament's
// summary, its whole view (players, rounds, standings) and the list. One
// struct per result and one encoder.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/options.hpp"
#include "protocol/requests.hpp"
#include "protocol/table_clocks.hpp"
#include "protocol/tournament_status.hpp"

namespace sp::protocol {

// A tournament as lists show it, and the result of create_tournament,
// register_tournament and withdraw_tournament.
struct TournamentSummary {
  std::int64_t id = 0;
  std::string name;
  std::string creator;
  TournamentStatus status = TournamentStatus::kRegistering;
  TournamentFormat format = TournamentFormat::kSwiss;
  int rounds = 0;
  int current_round = 0;  // 0 before the start
  int table_players = 0;  // players at each table
  engine::TableOptions options;  // encoded as a table summary's
  // The pace, as a table summary's "pace".
  std::optional<std::int64_t> move_seconds;
  std::optional<TimeBankHours> time_bank;
  std::optional<int> takeover_after;
  std::string takeover_by;
  bool timeout_vote = false;
  bool rated = false;
  bool duplicate = false;
  std::optional<int> group_size;
  std::optional<int> advance;
  std::int64_t registration_closes_at = 0;
  std::int64_t starts_at = 0;
  std::optional<std::int64_t> finish_by;
  std::optional<std::int64_t> projected_finish;  // the server's projection (pace-sim), when it has one
  int registered = 0;
  std::optional<int> max_players;
  TournamentEntry entry;
  std::optional<bool> you_registered;  // only for a logged-in asker
  std::int64_t created_at = 0;
};

struct TournamentPlayerShown {
  std::string name;
  std::optional<double> seed_rating;
  std::optional<std::string> left;  // "withdrew" or "disqualified"
  std::optional<std::string> left_reason;
};

struct TournamentTableShown {
  std::int64_t table = 0;
  int number = 0;
  std::string status;               // a table status's word
  std::vector<std::string> seats;   // the players' names, in seat order
  std::optional<std::int64_t> deadline_at;
  std::vector<std::optional<int>> places;  // by seat, once finished; empty before
};

struct TournamentRoundShown {
  int round = 0;
  std::string status;  // "playing" or "finished"
  std::int64_t started_at = 0;
  std::optional<std::int64_t> finished_at;
  std::vector<TournamentTableShown> tables;
  std::vector<std::string> byes;
};

// A duplicate round's deal (docs/fairness.md, "Duplicate deals"), from its
// drawing before the round: the commitment, each contribution as given, and
// the secret once the round has finished.
struct RoundDealShown {
  int round = 0;
  std::string commitment;  // 64 hex digits
  struct Given {
    std::string player;
    std::string contribution;  // 64 hex digits
  };
  std::vector<Given> contributions;  // in the order given
  std::optional<std::string> secret;
  bool open = false;  // its round has not started: it takes contributions
};

struct StandingShown {
  int rank = 0;
  std::string name;
  int points_half = 0;  // the wire's "points": points_half / 2 (10.5)
  int games = 0;
  int game_points = 0;
  int rubles = 0;
  int schedule_strength_half = 0;        // the wire's "schedule_strength", likewise
  std::optional<int> matchpoints_half;   // the wire's "matchpoints", duplicate tournaments only
  int byes = 0;
  bool left = false;
};

// The result of "tournament".
struct TournamentView {
  TournamentSummary summary;
  std::vector<TournamentPlayerShown> players;
  std::vector<TournamentRoundShown> rounds;
  std::vector<StandingShown> standings;
  std::vector<RoundDealShown> deals;  // a duplicate tournament's, round 1 first
  std::vector<std::string> invited;   // an invitation-only tournament's, in the order invited
};

// The result of contribute_deal: the round's deal with the contribution in it.
struct DealContributed {
  std::int64_t tournament = 0;
  RoundDealShown deal;
};

// The result of list_tournaments.
struct TournamentList {
  std::vector<TournamentSummary> tournaments;
};

nlohmann::json encode_tournament_summary(const TournamentSummary& summary);

// {"tournament": {...}}.
std::string encode_data(const TournamentSummary& data);
// {"tournament": {...}, "players": [...], "rounds": [...], "standings": [...]}.
std::string encode_data(const TournamentView& data);
// {"tournaments": [...]}.
std::string encode_data(const TournamentList& data);
std::string encode_data(const DealContributed& data);

}  // namespace sp::protocol
