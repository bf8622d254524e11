// Verification: every stored table replayed from its seed, each move's state
// hash checked, and the table's own record (move count, last hash, status)
// checked against the log. The answer per table is ok or the first move
// where the replay diverges.
//
// The games are read through Records::each_started_game, which streams the
// move log in table order: a database of ten thousand finished games is
// checked in seconds.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "server/table/log_replay.hpp"
#include "server/store/records.hpp"

namespace sp::server {

struct TableCheck {
  std::int64_t table = 0;
  std::string status;
  std::int64_t moves = 0;  // moves replayed
  std::optional<Divergence> divergence;  // none: the table replays
  // Played with another card set: this binary cannot replay it (not counted
  // as a divergence); the sentence says which.
  std::string not_replayed;
};

struct VerifySummary {
  std::int64_t tables = 0;    // started tables checked
  std::int64_t diverged = 0;
  std::int64_t not_replayed = 0;
  std::int64_t moves = 0;     // moves replayed, over all tables
};

// Replays every started table (open tables have nothing to replay) and calls
// `report` once per table, in id order.
VerifySummary verify_database(Records& db, const std::function<void(const TableCheck&)>& report);

// One table; nothing when there is no such table or it has not started.
std::optional<TableCheck> verify_table(Records& db, std::int64_t table_id);

}  // namespace sp::server
