// The `data` of the leagues' results (result.json's `$defs`, defs.json's
// league_summary; docs/protocol.md "Leagues"): a league's summary, a season
// of it (divisions, standings, tables) and the list. One struct per result
// and one encoder.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/requests.hpp"

namespace sp::protocol {

// Where a league is in its year.
enum class LeagueStage : std::uint8_t {
  kWaiting,  // before its first season
  kPlaying,  // a season is being played
  kBetween,  // a season has ended, the next starts at next_season_at
};
std::string_view to_string(LeagueStage stage);

// A league as lists show it, and the result of create_league, join_league and
// leave_league.
struct LeagueSummary {
  std::int64_t id = 0;
  std::string name;
  std::string creator;
  client::CreateTable table;  // each table's game and pace, as create_league's "table"
  int division_size = 0;
  int promoted = 0;
  LeagueNewcomers newcomers = LeagueNewcomers::kBottom;
  int tables_at_once = 0;
  int meetings = 0;
  int season_days = 0;
  int season = 0;  // the current (or last) season, 0 before the first
  LeagueStage stage = LeagueStage::kWaiting;
  std::optional<std::int64_t> next_season_at;  // not while a season is played
  int players = 0;                             // who play the next season (not leaving)
  std::optional<bool> you_joined;              // only for a logged-in asker
  std::optional<bool> you_leaving;             // only for a logged-in asker who played
  std::int64_t created_at = 0;
};

struct LeagueStandingShown {
  int rank = 0;
  std::string name;
  int points_half = 0;  // the wire's "points": points_half / 2 (10.5)
  int games = 0;
  int game_points = 0;
  int rubles = 0;
  int schedule_strength_half = 0;
  int byes = 0;
  std::optional<std::string> moved;  // up, stay or down, once the season has ended
};

struct LeagueTableShown {
  int round = 0;
  int number = 0;
  std::string status;  // "waiting" until it starts, then its table's status word
  std::vector<std::string> seats;  // the players' names, in seat order
  std::optional<std::int64_t> table;
  std::optional<std::int64_t> deadline_at;
  std::vector<std::optional<int>> places;  // by seat, once finished; empty before
};

struct LeagueDivisionShown {
  int division = 0;  // from 1, the top one
  std::vector<LeagueStandingShown> standings;
  std::vector<LeagueTableShown> tables;  // in schedule order
  struct Bye {
    int round = 0;
    std::string name;
  };
  std::vector<Bye> byes;
};

// The result of "league": the league and one season of it.
struct LeagueView {
  LeagueSummary summary;
  struct Season {
    int season = 0;
    std::string status;  // playing, finished
    std::int64_t started_at = 0;
    std::int64_t finish_by = 0;
    std::optional<std::int64_t> finished_at;
    std::vector<LeagueDivisionShown> divisions;  // the top one first
  };
  std::optional<Season> season;     // none before the first season
  std::vector<std::string> joining;  // players waiting for the next season, in order of joining
  std::vector<std::string> leaving;  // players of this season who leave at its end
};

// The result of list_leagues.
struct LeagueList {
  std::vector<LeagueSummary> leagues;
};

nlohmann::json encode_league_summary(const LeagueSummary& summary);

// {"league": {...}}.
std::string encode_data(const LeagueSummary& data);
// {"league": {...}, "season": {...}, "joining": [...], "leaving": [...]}.
std::string encode_data(const LeagueView& data);
// {"leagues": [...]}.
std::string encode_data(const LeagueList& data);

}  // namespace sp::protocol
