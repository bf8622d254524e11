#include "server/time/scheduler.hpp"

#include <boost/asio/post.hpp>

#include <algorithm>
#include <chrono>
#include <vector>

namespace sp::server {

namespace {
// The timer never sleeps longer than this: the system clock may be set, and a
// manual clock does not wake a steady timer.
constexpr std::int64_t kLongestWaitSeconds = 30;
}  // namespace

Scheduler::Scheduler(boost::asio::any_io_executor executor, const Clock& clock)
    : clock_(clock), executor_(executor), strand_(boost::asio::make_strand(executor)), timer_(strand_) {}

void Scheduler::set(Key key, std::int64_t at, std::function<void()> fire) {
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    if (const auto it = entries_.find(key); it != entries_.end()) by_time_.erase({it->second.at, key});
    entries_[key] = Entry{at, std::move(fire)};
    by_time_.insert({at, key});
  }
  boost::asio::post(strand_, [this] { arm(); });
}

void Scheduler::cancel(Key key) {
  std::lock_guard lock(mutex_);
  if (const auto it = entries_.find(key); it != entries_.end()) {
    by_time_.erase({it->second.at, key});
    entries_.erase(it);
  }
}

void Scheduler::run_due() {
  std::vector<std::function<void()>> due;
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    const std::int64_t now = clock_.now();
    while (!by_time_.empty() && by_time_.begin()->first <= now) {
      const Key key = by_time_.begin()->second;
      by_time_.erase(by_time_.begin());
      auto it = entries_.find(key);
      due.push_back(std::move(it->second.fire));
      entries_.erase(it);
    }
  }
  for (auto& fire : due) boost::asio::post(executor_, std::move(fire));
  boost::asio::post(strand_, [this] { arm(); });
}

void Scheduler::arm() {
  std::int64_t wait = kLongestWaitSeconds;
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    if (!by_time_.empty()) wait = std::clamp<std::int64_t>(by_time_.begin()->first - clock_.now(), 0, wait);
  }
  timer_.expires_after(std::chrono::seconds(wait));
  timer_.async_wait([this](boost::system::error_code ec) {
    if (!ec) run_due();
  });
}

void Scheduler::stop() {
  {
    std::lock_guard lock(mutex_);
    stopped_ = true;
    entries_.clear();
    by_time_.clear();
  }
  boost::asio::post(strand_, [this] { timer_.cancel(); });
}

std::size_t Scheduler::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

std::optional<std::int64_t> Scheduler::next_at() const {
  std::lock_guard lock(mutex_);
  if (by_time_.empty()) return std::nullopt;
  return by_time_.begin()->first;
}

}  // namespace sp::server
