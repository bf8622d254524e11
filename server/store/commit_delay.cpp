#include "server/store/commit_delay.hpp"

#include <algorithm>

namespace sp::server {

void CommitDelay::arrived(Clock::time_point now) {
  if (last_arrival_) {
    // A quiet spell counts as one long gap, bounded so that the average
    // follows a new burst within a few dozen arrivals (at 4,000 a second,
    // about 15 ms).
    const Clock::duration gap = std::min<Clock::duration>(now - *last_arrival_, std::chrono::seconds(1));
    // One eighth of each new gap: a few arrivals move the average, one
    // stray gap does not.
    gap_ += (gap - gap_) / 8;
  }
  last_arrival_ = now;
}

std::optional<CommitDelay::Clock::time_point> CommitDelay::gather_until(Clock::time_point oldest) const {
  if (delay_.count() == 0 || gap_ >= delay_) return std::nullopt;
  return oldest + delay_;
}

}  // namespace sp::server
