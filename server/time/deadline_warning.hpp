// When a move's deadline warnings fall: `hours` before the deadline each
// (the server's --deadline-warnings, 24 and 1 by default). Of the warnings
// whose time has come, only the most urgent is given (a server that was down
// through the 24-hour one and wakes 50 minutes before the deadline gives the
// 1-hour one only); warnings at or before `handled_until` were dealt with.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace sp::server {

struct DeadlineWarning {
  std::int64_t at = 0;  // when it is due (unix seconds)
  int hours_before = 0;
};

// The warnings a wait of `wait_seconds` (a table's move deadline, given in
// full from the moment a seat must act) gets: those whose lead is shorter
// than the wait. A warning due when the wait begins, or before, would tell
// the player nothing the turn itself did not, once for every move against a
// quick robot (issue 32); no deadline, no warning.
std::vector<int> warnings_for_wait(const std::vector<int>& hours, std::optional<std::int64_t> wait_seconds);

std::optional<DeadlineWarning> next_deadline_warning(std::int64_t deadline_at, const std::vector<int>& hours,
                                                     std::int64_t now, std::int64_t handled_until);

}  // namespace sp::server
