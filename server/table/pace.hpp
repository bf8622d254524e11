// Pace: when a table wakes up by itself (docs/correspondence.md). A part of
// the Table (table.hpp), on its strand. It owns the table's entries in the
// scheduler (the move deadline, the next warning before it, and the next
// move of robots standing in for a person, which waits), which warnings were
// already handled, and whether the next automatic move (a robot's, an absent
// seat's, a standing order's) is already on its way. The
// table decides what happens when it wakes; the pace only wakes it, once.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "server/base/clock.hpp"
#include "server/time/deadline_warning.hpp"
#include "server/time/scheduler.hpp"

namespace sp::server {

class Pace {
 public:
  // What the table does when it wakes: the deadline it armed has come, or a
  // warning before that deadline is due.
  struct Alarms {
    std::function<void(std::int64_t deadline_at)> deadline_passed;
    std::function<void(std::int64_t deadline_at, DeadlineWarning warning)> warning_due;
  };

  // `warning_hours`: before a move's deadline, its player is warned (hours;
  // each wait only those shorter than itself, warnings_for_wait).
  Pace(std::int64_t table, Scheduler& scheduler, std::vector<int> warning_hours);

  // Waits for `deadline_at`, or for nothing: the deadline's alarm, and the
  // most urgent warning before it that is not handled yet (now: `now`). The
  // wait `began` then: a seat's clock (a bank's) gives each wait its length.
  void wait_for(std::optional<std::int64_t> deadline_at, std::int64_t began, std::int64_t now, Alarms alarms);
  // After a warning was handled: the next one before the same deadline.
  void next_warning(std::int64_t deadline_at, std::int64_t now, Alarms alarms);
  // No alarm rings any more (a stopped table).
  void stop();
  // The warning due at `at` was dealt with: none at or before it is again.
  void warning_handled(std::int64_t at);

  // An automatic move is posted to the strand: false if one already is.
  bool post_automatic();
  // The posted automatic move waits until `at` first (robots standing in for
  // a person); `run` then posts it. stop() cancels it.
  void automatic_at(std::int64_t at, std::function<void()> run);
  // A move waiting until a time is called off (the person came back), so
  // that it may be posted at once.
  void hurry();
  // The posted automatic move runs now; another may be posted.
  void automatic_running() {
    automatic_posted_ = false;
    automatic_waits_ = false;
  }

 private:
  const std::int64_t table_;
  Scheduler& scheduler_;
  const std::vector<int> warning_hours_;
  std::vector<int> wait_warning_hours_;  // those of the wait armed
  std::int64_t warned_until_ = 0;  // earlier warnings are never due again
  bool automatic_posted_ = false;
  bool automatic_waits_ = false;  // the posted move waits in the scheduler
};

}  // namespace sp::server
