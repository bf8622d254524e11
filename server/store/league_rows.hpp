// Rows of leagues (schema/0027_leagues.sql, docs/leagues.md): the league and
// its rules, its players, each season with its divisions, schedule and byes.
// Read and written by Records (records.hpp). Divisions are numbered from 0,
// the top one, as engine/tournament/league_divisions.hpp numbers them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/tournament/league_divisions.hpp"
#include "server/store/tournament_rows.hpp"

namespace sp::server {

std::string_view to_string(tournament::NewcomerPlacement placement);
std::optional<tournament::NewcomerPlacement> parse_newcomer_placement(std::string_view word);
std::string_view to_string(tournament::Move move);
std::optional<tournament::Move> parse_move(std::string_view word);

struct LeagueRecord {
  std::int64_t id = 0;
  std::string name;
  std::int64_t creator_id = 0;
  std::string creator_name;  // read back only
  // Each table's create_table fields, as protocol/stored_text.hpp writes them.
  std::string table_request;
  tournament::LeagueRules rules;  // its standings are always a round robin's
  int season_days = 0;
  int current_season = 0;  // 0 before the first
  // When the next season starts, once the current one (if any) has ended.
  std::int64_t next_season_at = 0;
  std::int64_t created_at = 0;
  int players = 0;  // read back only: players who have not left
};

struct LeaguePlayerRecord {
  std::int64_t user_id = 0;
  std::string name;  // read back only
  std::int64_t joined_at = 0;
  std::optional<std::int64_t> left_at;  // leaves at the end of the season being played
};

struct LeagueSeasonRecord {
  int season = 0;
  RoundStatus status = RoundStatus::kPlaying;
  std::int64_t started_at = 0;
  std::int64_t finish_by = 0;
  std::optional<std::int64_t> finished_at;
};

// A player's division in a season and place in its order at the start.
struct LeaguePlaceRecord {
  int division = 0;
  int place = 0;
  std::int64_t user_id = 0;
  std::string name;  // read back only
  std::optional<tournament::Move> moved;  // set when the season ends
};

// A table of a season's schedule; table_id once it has started.
struct LeagueTableRecord {
  int division = 0;
  int round = 0;
  int number = 0;  // its number in the round, from 1
  std::vector<std::int64_t> seats;  // user ids, in seat order
  std::optional<std::int64_t> table_id;
  // The game table's, read back only: waiting while not started.
  std::optional<protocol::TableStatus> status;
  std::optional<std::int64_t> deadline_at;
};

struct LeagueByeRecord {
  int division = 0;
  int round = 0;
  std::int64_t user_id = 0;
};

// One seat of a finished league table, from its game's results.
struct LeagueResultRecord {
  int division = 0;
  TournamentResultRecord seat;
};

}  // namespace sp::server
