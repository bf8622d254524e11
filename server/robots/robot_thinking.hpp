// RobotThinking: a decision's time budget, the stop test a search asks
// between its deals (engine/robot_search.hpp), read on the steady clock. It
// also stops when the pool stops, and remembers whether it cut the search
// short (spb_robot_decisions_cut_total).
#pragma once

#include <atomic>
#include <chrono>

#include "engine/robot_search.hpp"

namespace sp::server {

class RobotThinking final : public engine::SearchStop {
 public:
  RobotThinking(std::chrono::steady_clock::time_point until, const std::atomic<bool>& pool_stopping)
      : until_(until), pool_stopping_(pool_stopping) {}

  bool stop_now() const override {
    if (pool_stopping_.load(std::memory_order_relaxed) || std::chrono::steady_clock::now() >= until_) cut_ = true;
    return cut_;
  }
  // Whether stop_now ever said stop.
  bool cut() const { return cut_; }

 private:
  const std::chrono::steady_clock::time_point until_;
  const std::atomic<bool>& pool_stopping_;
  mutable bool cut_ = false;
};

}  // namespace sp::server
