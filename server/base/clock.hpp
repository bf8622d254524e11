// Clock: the time of day the server acts on (move deadlines, vacations,
// webhook retries), in unix seconds. Injected so tests can move time: the
// manual clock stands still until told to advance.
//
// Thread-safety: now() and advance() are safe from any thread.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace sp::server {

class Clock {
 public:
  virtual ~Clock() = default;
  virtual std::int64_t now() const = 0;
};

class SystemClock final : public Clock {
 public:
  std::int64_t now() const override {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
  }
};

class ManualClock final : public Clock {
 public:
  explicit ManualClock(std::int64_t start) : now_(start) {}
  std::int64_t now() const override { return now_.load(std::memory_order_acquire); }
  // Moves time forward by `seconds` (never back); returns the new time.
  std::int64_t advance(std::int64_t seconds) {
    return now_.fetch_add(seconds < 0 ? 0 : seconds, std::memory_order_acq_rel) + (seconds < 0 ? 0 : seconds);
  }

 private:
  std::atomic<std::int64_t> now_;
};

}  // namespace sp::server
