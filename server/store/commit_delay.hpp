// CommitDelay: how long the store's writer lets a transaction gather jobs
// before it writes it, in the spirit of PostgreSQL's commit_delay.
//
// Each commit costs a flush of the write-ahead log to disk, and a wake-up of
// the writer, whatever number of moves it carries. When moves arrive densely
// but each finds the writer idle (offered 4,000 a second, a commit holds one
// or two), waiting a little for the next arrivals lets one flush carry
// several. The writer waits only when the recent arrivals say another job is
// due within the delay, and never past the delay after the oldest queued job
// arrived: an idle server commits a lone move at once, and under heavy load
// (jobs queued during the previous commit already waited that long) nothing
// waits either.
//
// Not thread-safe: the store calls it under its own mutex.
#pragma once

#include <chrono>
#include <optional>

namespace sp::server {

class CommitDelay {
 public:
  using Clock = std::chrono::steady_clock;

  // A delay of zero never waits.
  explicit CommitDelay(std::chrono::microseconds delay) : delay_(delay) {}

  // A job was submitted at `now`.
  void arrived(Clock::time_point now);

  // When the writer should start the transaction whose oldest job arrived at
  // `oldest`: a time to wait for, or nullopt to start it now (no delay, or
  // arrivals too sparse to expect another job within the delay).
  std::optional<Clock::time_point> gather_until(Clock::time_point oldest) const;

 private:
  const std::chrono::microseconds delay_;
  std::optional<Clock::time_point> last_arrival_;
  // The recent time between two arrivals, a moving average. It starts long,
  // so the first jobs after start-up or a quiet spell are never held back.
  Clock::duration gap_ = std::chrono::seconds(1);
};

}  // namespace sp::server
