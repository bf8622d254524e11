// A tournament moved on, in one store job, as far as its state allows: its
// first round at its start date (or its cancellation, with too few players),
// and each next round once every table of the round before has ended, until
// its last round ends it. Its finish date holds (docs/tournaments.md "The
// finish date"): once it has come no round starts, and every seat of a table
// still being played is handed to the robot, so the round ends and with it
// the tournament. Every step is claimed by a conditional write
// (Records::start_round, finish_round, end_tournament), so that it happens
// exactly once however many nodes, or restarts, try it (docs/tournaments.md
// "Exactly once").
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "server/notices/notification_draft.hpp"
#include "server/store/records.hpp"

namespace sp::server {

struct Advanced {
  std::vector<TableRecord> started;       // tables to serve, once committed
  std::vector<StoredNotification> notes;  // to deliver, once committed
  // When to look again: the start date, or the finish date, not reached yet.
  std::optional<std::int64_t> check_at;
  // The finish date came: the seats still played by people at the round's
  // tables, each to hand to the robot.
  struct Seat {
    std::int64_t table = 0;
    int seat = 0;
  };
  std::vector<Seat> to_robots;
};

Advanced advance_tournament(Records& db, std::int64_t tournament_id, std::int64_t now);

}  // namespace sp::server
