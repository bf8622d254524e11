#include "server/clock/time_control.hpp"

namespace sp::server {

std::int64_t starting_time(const TimeControl& control) {
  if (const auto* bank = std::get_if<TimeBank>(&control)) return bank->initial;
  return std::get<MoveDeadline>(control).seconds;
}

}  // namespace sp::server
