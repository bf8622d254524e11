#include "server/time/deadline_warning.hpp"

namespace sp::server {

std::vector<int> warnings_for_wait(const std::vector<int>& hours, std::optional<std::int64_t> wait_seconds) {
  std::vector<int> kept;
  if (!wait_seconds) return kept;
  for (int h : hours) {
    if (static_cast<std::int64_t>(h) * 3600 < *wait_seconds) kept.push_back(h);
  }
  return kept;
}

std::optional<DeadlineWarning> next_deadline_warning(std::int64_t deadline_at, const std::vector<int>& hours,
                                                     std::int64_t now, std::int64_t handled_until) {
  if (deadline_at <= now) return std::nullopt;
  std::optional<DeadlineWarning> passed;  // the most urgent whose time has come
  std::optional<DeadlineWarning> future;  // the soonest still to come
  for (int h : hours) {
    const DeadlineWarning w{deadline_at - static_cast<std::int64_t>(h) * 3600, h};
    if (w.at <= handled_until) continue;
    if (w.at <= now) {
      if (!passed || w.at > passed->at) passed = w;
    } else if (!future || w.at < future->at) {
      future = w;
    }
  }
  return passed ? passed : future;
}

}  // namespace sp::server
