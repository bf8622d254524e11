#pragma once
// Where the handlers of one connection or one table run: one at a time, in
// the order they were posted. The code calls it the object's strand: a strand
// of its own with several network threads; with one, the io_context itself,
// whose single thread is what Asio calls an implicit strand.

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>

namespace sp::server {

class SerialExecutors {
 public:
  // `threads`: how many threads run the io_context behind `executor`.
  SerialExecutors(boost::asio::any_io_executor executor, int threads)
      : executor_(std::move(executor)), threads_(threads) {}

  // With several threads that takes a strand of its own. One thread already
  // runs one handler at a time, in order, and a strand would only add its
  // lock, its queue and a second dispatch to every handler: 3 to 4% of a
  // move's CPU (docs/performance.md, "Levers tried").
  boost::asio::any_io_executor next() const {
    if (threads_ > 1) return boost::asio::make_strand(executor_);
    return executor_;
  }

 private:
  boost::asio::any_io_executor executor_;
  int threads_;
};

}  // namespace sp::server
