#include "server/notices/outbox_pump.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <utility>

namespace sp::server {

namespace net = boost::asio;

std::int64_t outbox_retry_delay(int failed_attempts, std::int64_t first_seconds, std::int64_t longest_seconds) {
  std::int64_t delay = first_seconds;
  for (int i = 1; i < failed_attempts && delay < longest_seconds; ++i) delay *= 2;
  return std::min(delay, longest_seconds);
}

OutboxPump::OutboxPump(net::any_io_executor executor, Scheduler& scheduler, Scheduler::Key retry_key, std::string what,
                       std::function<void()> start_round)
    : scheduler_(scheduler),
      retry_key_(retry_key),
      what_(std::move(what)),
      start_round_(std::move(start_round)),
      strand_(net::make_strand(executor)) {}

void OutboxPump::wake() {
  net::post(strand_, [this] {
    if (stopped_) return;
    if (running_) {
      again_ = true;
      return;
    }
    running_ = true;
    start_round_();
  });
}

void OutboxPump::stop() {
  net::post(strand_, [this] { stopped_ = true; });
}

void OutboxPump::rest(std::optional<std::int64_t> next_due, std::int64_t now) {
  running_ = false;
  // A row due by now that the round did not get is being claimed by another
  // node this moment: look again a second later, not at once and again.
  if (next_due) scheduler_.set(retry_key_, std::max(*next_due, now + 1), [this] { wake(); });
  if (again_) {
    again_ = false;
    wake();
  }
}

void OutboxPump::read_failed() {
  spdlog::error("{}: the rows due could not be read", what_);
  rest(std::nullopt, 0);
}

void OutboxPump::round_recorded(bool recorded) {
  if (!recorded) {
    spdlog::error("{}: outcomes could not be recorded; they stay pending for the next wake", what_);
    running_ = false;
    return;
  }
  start_round_();
}

}  // namespace sp::server
