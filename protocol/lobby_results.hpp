// The `data` of the lobby's results (result.json's `$defs`): a table as the
// lobby lists it, with what the asker may see besides its summary, and the
// lists of tables. One struct per result and one encoder.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "protocol/table_summary.hpp"

namespace sp::protocol {

// A seated person's rating in the table's pool and timeout rate
// (docs/ratings.md), to choose whom to play with.
struct PlayerStanding {
  double rating = 0;  // displayed: mu - 3 sigma, in hundredths
  int rated_games = 0;
  std::optional<double> timeout_rate;  // none while no move was due
};

// What a table asks of who joins it (docs/ratings.md).
struct TableTermsShown {
  bool rated = false;
  std::optional<double> min_rating;
  std::optional<double> max_timeout_rate;
  bool bots_allowed = false;
};

// A table as the lobby shows it: its summary and, each only where it applies,
// the private table's invitation code (for its creator and players), its
// terms, its seated people's standings, and the asker's own seat (or that the
// asker is invited).
struct LobbyTable {
  LobbyTable() = default;
  explicit LobbyTable(TableSummary table) : summary(std::move(table)) {}

  TableSummary summary;
  std::optional<std::string> invite_code;
  std::optional<TableTermsShown> terms;
  std::vector<std::pair<int, PlayerStanding>> standings;  // by seat
  std::optional<int> your_seat;
  bool invited = false;
};

// my_tables: the asker's tables, those awaiting the asker's move first.
struct MyTables {
  std::vector<LobbyTable> tables;
  std::int64_t awaiting_me = 0;
};

nlohmann::json encode_player_standing(const PlayerStanding& standing);
nlohmann::json encode_lobby_table(const LobbyTable& table);

// create_table, join_table, leave_table, start_table: {"table": ...}.
std::string encode_table_data(const LobbyTable& table);
// list_tables, admin_list_tables: {"tables": [...]}.
std::string encode_tables_data(const std::vector<LobbyTable>& tables);
std::string encode_data(const MyTables& data);

}  // namespace sp::protocol
