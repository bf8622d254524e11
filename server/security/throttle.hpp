// Limits by key (an account, an address): how often something may be done,
// and how long to wait after failed logins.
//
// Both are in memory and per process: they slow an attacker down, they are not
// a ledger, and a restart forgets them. Keys are bounded: entries that no
// longer limit anything are dropped when the table grows, so a flood of new
// keys costs memory only while their limit lasts.
//
// Thread-safety: every method is safe from any thread (one mutex each).
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace sp::server {

using ThrottleClock = std::chrono::steady_clock;

// Past this many keys, entries that no longer limit anything are dropped; the
// bound then doubles with what is left, so the sweeps cost O(1) a use.
inline constexpr std::size_t kSweepAbove = 10000;

// A token bucket per key: `per_period` uses, refilled evenly over `period`.
// A limit of 0 allows everything.
class KeyedRateLimit {
 public:
  KeyedRateLimit(int per_period, std::chrono::seconds period) : per_period_(per_period), period_(period) {}

  // Takes one use for `key`: true when allowed; otherwise sets `retry_after`
  // to the seconds until the next use is allowed.
  bool take(const std::string& key, ThrottleClock::time_point now, int& retry_after);

 private:
  struct Bucket {
    double tokens;
    ThrottleClock::time_point refilled;
  };
  void forget_full(ThrottleClock::time_point now);

  const int per_period_;
  const std::chrono::seconds period_;
  std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;  // guarded by mutex_
  std::size_t sweep_above_ = kSweepAbove;             // guarded by mutex_
};

// Failed logins by key. After `free_failures` failures in a row, each further
// failure makes the key wait: 1 s, then doubling, never more than
// `max_wait`. A refused attempt is not a failure and does not lengthen the
// wait, so a player locked out by someone else's guesses waits at most
// `max_wait` after the guessing stops. A success clears the key; failures are
// forgotten a day after the last one.
class FailureThrottle {
 public:
  FailureThrottle(int free_failures, std::chrono::seconds max_wait) : free_(free_failures), max_wait_(max_wait) {}

  // Seconds the key must still wait before its next attempt, or nothing.
  std::optional<int> wait(const std::string& key, ThrottleClock::time_point now);
  void failed(const std::string& key, ThrottleClock::time_point now);
  void succeeded(const std::string& key);

 private:
  struct Record {
    int failures = 0;
    ThrottleClock::time_point last_failure;
    ThrottleClock::time_point blocked_until;
  };
  void forget_old(ThrottleClock::time_point now);

  const int free_;
  const std::chrono::seconds max_wait_;
  std::mutex mutex_;
  std::unordered_map<std::string, Record> records_;  // guarded by mutex_
  std::size_t sweep_above_ = kSweepAbove;             // guarded by mutex_
};

}  // namespace sp::server
