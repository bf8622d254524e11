// Correspondence: what a table needs for play across days (issue 7,
// docs/correspondence.md): the clock, the scheduler that holds its move
// deadline and the warnings before it, the notifier that tells its players,
// and when those warnings fall, and the threads where its robots decide. Owned by run_server, which starts them after
// the io_context and stops them before it. The channels' senders and the
// digests are not here: a table only drafts notifications.
#pragma once

#include <functional>
#include <vector>

#include "server/base/clock.hpp"
#include "server/notices/notifier.hpp"
#include "server/robots/robot_pool.hpp"
#include "server/store/correspondence_rows.hpp"
#include "server/store/rows.hpp"
#include "server/time/scheduler.hpp"

namespace sp::server {

struct Correspondence {
  const Clock& clock;
  Scheduler& scheduler;
  Notifier& notifier;
  std::vector<int> deadline_warning_hours;  // before a move's deadline, its player is warned
  // Seconds robots standing in for a person wait before each move (0: none;
  // docs/correspondence.md "Robots standing in").
  std::int64_t stand_in_wait_seconds = 0;
  // Where robots decide, off the table's strand; none: on the strand, at
  // once (tests that need no threads).
  RobotPool* robots = nullptr;
  // The most hours a week a player may declare off, nights and off days
  // together (docs/correspondence.md "Off time").
  int max_off_hours_per_week = 72;
  // The yearly vacation allowance, from which floating vacation spends a day
  // when a player's clock runs out (docs/correspondence.md).
  int vacation_days_per_year = 0;
  // After a table spent a floating day: what any vacation's start brings
  // (its end scheduled, the player's other tables paused; vacations.hpp).
  // Nothing: only the table that spent it knows (tests without a server).
  std::function<void(const VacationRecord&)> floating_day_spent = nullptr;
  // After a competition's table (a tournament's or a league's) ended (its
  // last move, or an abort) was written: its director looks at the
  // competition (docs/tournaments.md, docs/leagues.md). Nothing: nobody
  // directs competitions (tests without a server).
  std::function<void(const TableRecord& table)> competition_table_ended = nullptr;
};

}  // namespace sp::server
