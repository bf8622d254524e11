// What the tests of threaded server parts share: an io_context run on its own
// thread until the test ends, and a wait (in real time) for a condition that
// another thread makes true.
#pragma once

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include <chrono>
#include <thread>

namespace sp::test {

// Polls `done` until it holds or a minute has passed; returns its last answer.
// A minute is far longer than any wait should take, even on a loaded machine
// or under a sanitizer: it only bounds a test that would otherwise hang.
template <typename Predicate>
bool eventually(Predicate done) {
  using namespace std::chrono_literals;
  const auto until = std::chrono::steady_clock::now() + 60s;
  while (std::chrono::steady_clock::now() < until) {
    if (done()) return true;
    std::this_thread::sleep_for(5ms);
  }
  return done();
}

// An io_context running on its own thread; stopped and joined at the latest
// when the Loop goes.
struct Loop {
  boost::asio::io_context ioc;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> guard{ioc.get_executor()};
  std::thread thread{[this] { ioc.run(); }};
  void stop() {
    guard.reset();
    ioc.stop();
    if (thread.joinable()) thread.join();
  }
  ~Loop() { stop(); }
};

}  // namespace sp::test
