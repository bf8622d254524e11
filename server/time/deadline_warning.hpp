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

std::optional<DeadlineWarning> next_deadline_warning(std::int64_t deadline_at, const std::vector<int>& hours,
                                                     std::int64_t now, std::int64_t handled_until);

}  // namespace sp::server
