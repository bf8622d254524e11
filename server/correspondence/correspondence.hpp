// Correspondence: what tables and requests share for play across days (issue
// 7, docs/correspondence.md): the clock, the scheduler that acts on deadlines
// and vacation ends, and the notifier. Owned by run_server, which starts them
// after the io_context and stops them before it.
#pragma once

#include "server/base/clock.hpp"
#include "server/correspondence/notifier.hpp"
#include "server/correspondence/scheduler.hpp"

namespace sp::server {

struct Correspondence {
  const Clock& clock;
  ManualClock* manual_clock;  // only with `spb serve --test-clock`: debug_advance_clock moves it
  Scheduler& scheduler;
  Notifier& notifier;
  int vacation_days_per_year;
};

}  // namespace sp::server
