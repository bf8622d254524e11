// RobotPool: the threads where robots decide (issue 33), off the tables'
// strands, so that a search never delays a person's move, a chat line or
// another table. A table hands in a job (a copy of its state, the seat, the
// level, the seed and the move's number, in a RobotJob) and gets the decision back through
// the job's `decided`, called on a pool thread: the table posts it to its own
// strand and checks there that nothing changed meanwhile (table_pace.cpp).
//
// Each decision may think for `think` at most: a search asks the pool's stop
// test between its deals (robot_thinking.hpp), so the engine keeps no clock.
//
// The queue is bounded by the tables: a table hands in one job at a time and
// the next only once the answer came back, so at most one job waits per table
// whose robot is to move. A job waits its turn; none is refused or lost. When
// the pool stops, the thinking searches stop at their next deal and the jobs
// still queued are dropped undecided (their tables stop too).
//
// Thread-safety: submit and stop are safe from any thread.
#pragma once

#include <chrono>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/action.hpp"
#include "engine/robot_search.hpp"
#include "server/base/metrics.hpp"

namespace sp::server {

// One decision: `choose` runs on a pool thread with the decision's stop test
// (the table's copy of its state, the seat, the level, the seed and the move's
// number are in it: seat_control.hpp's robot_action); `decided` gets its answer
// on that thread.
struct RobotJob {
  std::function<engine::Action(const engine::SearchStop& stop)> choose;
  std::function<void(engine::Action)> decided;
};

class RobotPool {
 public:
  // REQUIRES: threads >= 1, think > 0.
  RobotPool(int threads, std::chrono::milliseconds think, Metrics& metrics);
  ~RobotPool();
  RobotPool(const RobotPool&) = delete;
  RobotPool& operator=(const RobotPool&) = delete;

  void submit(RobotJob job);
  // Joins the threads: the thinking searches stop at their next deal, and
  // their answers are still given; the queued jobs are dropped. Idempotent.
  void stop();

 private:
  void work();
  void decide(RobotJob& job);

  const std::chrono::milliseconds think_;
  Metrics& metrics_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<RobotJob> queue_;  // guarded by mutex_
  bool stopping_ = false;       // guarded by mutex_
  std::atomic<bool> stop_thinking_{false};
  std::vector<std::thread> threads_;
};

}  // namespace sp::server
