#include "server/security/throttle.hpp"

#include <algorithm>
#include <cmath>

namespace sp::server {
namespace {

constexpr auto kForgetFailuresAfter = std::chrono::hours(24);

int whole_seconds_until(ThrottleClock::time_point from, ThrottleClock::time_point to) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(to - from).count();
  return static_cast<int>(std::max<std::int64_t>(1, (left + 999) / 1000));
}

}  // namespace

bool KeyedRateLimit::take(const std::string& key, ThrottleClock::time_point now, int& retry_after) {
  if (per_period_ <= 0) return true;
  const double rate = per_period_ / std::chrono::duration<double>(period_).count();  // uses a second
  std::lock_guard lock(mutex_);
  if (buckets_.size() > sweep_above_) {
    forget_full(now);
    sweep_above_ = std::max(kSweepAbove, 2 * buckets_.size());
  }
  auto [it, added] = buckets_.try_emplace(key, Bucket{static_cast<double>(per_period_), now});
  Bucket& bucket = it->second;
  const double elapsed = std::chrono::duration<double>(now - bucket.refilled).count();
  bucket.tokens = std::min<double>(per_period_, bucket.tokens + elapsed * rate);
  bucket.refilled = now;
  if (bucket.tokens >= 1.0) {
    bucket.tokens -= 1.0;
    return true;
  }
  retry_after = std::max(1, static_cast<int>(std::ceil((1.0 - bucket.tokens) / rate)));
  return false;
}

void KeyedRateLimit::forget_full(ThrottleClock::time_point now) {
  const double rate = per_period_ / std::chrono::duration<double>(period_).count();
  std::erase_if(buckets_, [&](const auto& entry) {
    const double elapsed = std::chrono::duration<double>(now - entry.second.refilled).count();
    return entry.second.tokens + elapsed * rate >= per_period_;
  });
}

std::optional<int> FailureThrottle::wait(const std::string& key, ThrottleClock::time_point now) {
  if (free_ <= 0) return std::nullopt;
  std::lock_guard lock(mutex_);
  const auto it = records_.find(key);
  if (it == records_.end() || it->second.blocked_until <= now) return std::nullopt;
  return whole_seconds_until(now, it->second.blocked_until);
}

void FailureThrottle::failed(const std::string& key, ThrottleClock::time_point now) {
  if (free_ <= 0) return;
  std::lock_guard lock(mutex_);
  if (records_.size() > sweep_above_) {
    forget_old(now);
    sweep_above_ = std::max(kSweepAbove, 2 * records_.size());
  }
  Record& record = records_[key];
  if (record.failures > 0 && now - record.last_failure > kForgetFailuresAfter) record.failures = 0;
  ++record.failures;
  record.last_failure = now;
  const int over = record.failures - free_;
  if (over <= 0) return;
  // 1 s, 2 s, 4 s, ... capped; the shift is bounded before it can overflow.
  const auto wait = std::min<std::chrono::seconds>(max_wait_, std::chrono::seconds(1LL << std::min(over - 1, 30)));
  record.blocked_until = now + wait;
}

void FailureThrottle::succeeded(const std::string& key) {
  std::lock_guard lock(mutex_);
  records_.erase(key);
}

void FailureThrottle::forget_old(ThrottleClock::time_point now) {
  std::erase_if(records_, [&](const auto& entry) {
    return entry.second.blocked_until <= now && now - entry.second.last_failure > kForgetFailuresAfter;
  });
}

}  // namespace sp::server
