// Correspondence: what tables and requests share for play across days (issue
// 7, docs/correspondence.md): the clock, the scheduler that acts on deadlines
// and vacation ends, the notifier, and email (issue 17). Owned by run_server, which starts them
// after the io_context and stops them before it.
#pragma once

#include <vector>

#include "server/base/clock.hpp"
#include "server/correspondence/digests.hpp"
#include "server/correspondence/email_sender.hpp"
#include "server/correspondence/notifier.hpp"
#include "server/correspondence/scheduler.hpp"

namespace sp::server {

struct Correspondence {
  const Clock& clock;
  ManualClock* manual_clock;  // only with `spb serve --test-clock`: debug_advance_clock moves it
  Scheduler& scheduler;
  Notifier& notifier;
  int vacation_days_per_year;
  std::vector<int> deadline_warning_hours;  // before a move's deadline, its player is warned
  EmailSender* email;  // nothing: the server sends no email
  Digests* digests;    // nothing: likewise
};

}  // namespace sp::server
