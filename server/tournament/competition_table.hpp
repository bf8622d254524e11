// A competition's table (a tournament's or a league's), written in the store
// job that starts it: created as a player's table with the competition's
// create_table fields would be (server/table/table_start.hpp), its seats taken
// by the players the competition seats there, in order, and started at once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/requests.hpp"
#include "server/notices/notification_draft.hpp"
#include "server/store/records.hpp"
#include "server/tournament/round_deal.hpp"

namespace sp::server {

struct CompetitionTable {
  std::string name;
  std::int64_t creator_id = 0;  // the competition's creator
  std::vector<std::int64_t> seats;  // user ids, seat 0 first
  std::optional<TableInTournament> tournament;
  std::optional<TableInLeague> league;
  // A duplicate round's deal; nothing: the server's secret alone deals it.
  std::optional<RoundDeal> shared_deal;
};

struct StartedTable {
  TableRecord table;                      // for the registry, once committed
  std::vector<StoredNotification> notes;  // the table's start, to deliver once committed
};

StartedTable start_competition_table(Records& db, const protocol::client::CreateTable& tables,
                                     const CompetitionTable& table, std::int64_t now);

}  // namespace sp::server
