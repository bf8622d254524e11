// A round's tables, written in the store job that starts the round: each
// table created as a player's table with the tournament's create_table fields
// would be (server/table/table_start.hpp), its seats taken by the paired
// players in order, and started at once; the byes; and each player told.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/tournament/types.hpp"
#include "protocol/requests.hpp"
#include "server/notices/notification_draft.hpp"
#include "server/store/records.hpp"

namespace sp::server {

struct WrittenRound {
  std::vector<TableRecord> started;         // for the registry, once committed
  std::vector<StoredNotification> notes;    // to deliver, once committed
};

// REQUIRES: the round was claimed in this job (Records::start_round).
WrittenRound write_round(Records& db, const TournamentRecord& tournament, const protocol::client::CreateTable& tables,
                         int round, const tournament::RoundPairing& pairing, std::int64_t now);

}  // namespace sp::server
