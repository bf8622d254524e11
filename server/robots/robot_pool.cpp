#include "server/robots/robot_pool.hpp"

#include "server/robots/robot_thinking.hpp"

namespace sp::server {

RobotPool::RobotPool(int threads, std::chrono::milliseconds think, Metrics& metrics) : think_(think), metrics_(metrics) {
  threads_.reserve(static_cast<std::size_t>(threads));
  for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { work(); });
}

RobotPool::~RobotPool() { stop(); }

void RobotPool::submit(RobotJob job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    queue_.push_back(std::move(job));
  }
  metrics_.robot_queue.fetch_add(1, std::memory_order_relaxed);
  wake_.notify_one();
}

void RobotPool::stop() {
  std::deque<RobotJob> dropped;
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
    dropped.swap(queue_);
  }
  metrics_.robot_queue.fetch_sub(static_cast<std::int64_t>(dropped.size()), std::memory_order_relaxed);
  stop_thinking_.store(true, std::memory_order_relaxed);
  wake_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void RobotPool::work() {
  for (;;) {
    RobotJob job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    metrics_.robot_queue.fetch_sub(1, std::memory_order_relaxed);
    decide(job);
  }
}

void RobotPool::decide(RobotJob& job) {
  const auto start = std::chrono::steady_clock::now();
  const RobotThinking thinking(start + think_, stop_thinking_);
  const engine::Action action = job.choose(thinking);
  metrics_.robot_decisions.fetch_add(1, std::memory_order_relaxed);
  if (thinking.cut()) metrics_.robot_decisions_cut.fetch_add(1, std::memory_order_relaxed);
  metrics_.robot_decision_time.observe(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  job.decided(action);
}

}  // namespace sp::server
