// Readiness (/readyz): whether a balancer should send this node new players.
// Liveness (/healthz) only says the process answers; a node is ready when,
// besides, its database answers and it is not draining before a stop. A
// balancer with active checks (docker/haproxy-site.cfg) leaves an unready
// node out, and a hung one too, since its check then times out.
//
// The database is asked with one cheap read through the store, at most once a
// second whatever the number of checks, and every five seconds without any,
// so that spb_database_up is current for alerts. A read that has not answered
// within two seconds counts as the database being down.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include <chrono>
#include <functional>
#include <string_view>
#include <vector>

#include "server/base/metrics.hpp"
#include "server/store/store.hpp"

namespace sp::server {

enum class ReadyState { kReady, kDatabaseDown, kDraining };

// The sentence /readyz answers with.
std::string_view describe(ReadyState state);

class Readiness {
 public:
  using Answer = std::function<void(ReadyState)>;

  Readiness(boost::asio::any_io_executor executor, Store& store, Metrics& metrics);

  // Starts the periodic read, which runs until the io_context stops; the
  // object goes before the io_context (its timers are the io_context's).
  void start();
  // From now on the node answers "draining".
  void drain();
  // Calls `answer` on this object's strand, after a fresh read if the last one
  // is older than a second.
  void check(Answer answer);

 private:
  using Clock = std::chrono::steady_clock;

  void probe();
  void probe_done(bool up, std::uint64_t generation);
  void probe_late(std::uint64_t generation);
  void answer_all();
  ReadyState state() const;

  boost::asio::strand<boost::asio::any_io_executor> strand_;
  Store& store_;
  Metrics& metrics_;
  boost::asio::steady_timer beat_;
  boost::asio::steady_timer late_;
  // Only on strand_:
  bool draining_ = false;
  bool database_up_ = true;
  bool probing_ = false;
  bool overdue_ = false;  // the read in flight is past its two seconds
  std::uint64_t generation_ = 0;  // which read a late timer or an answer belongs to
  Clock::time_point probed_at_{};
  std::vector<Answer> waiting_;
};

}  // namespace sp::server
