// OutboxPump: the loop an outbox sender runs, whatever it sends. A round
// reads the rows due in a store job, sends them, records the outcomes in
// another job and starts the next round at once; a round that finds nothing
// due asks the scheduler to wake the pump when the next row falls due. A wake
// that comes while a round is under way starts another round after it, so no
// row written meanwhile waits for its retry time.
//
// The sender owns what a round does (start_round); the pump owns when rounds
// run. Both email (email_sender.hpp) and webhooks and push
// (webhook_sender.hpp) go through one, so the outboxes behave alike at a
// restart, a failing store and a stop.
//
// With several nodes on one PostgreSQL database a round reads only the rows
// it claims (timed_claim.hpp): each row is sent by one node at a time, and the
// next wake is also set for when another node's claims end, so that rows of a
// node that died are sent by another.
//
// Thread-safety: wake() and stop() are safe from any thread; the rest runs
// on strand().
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "server/time/scheduler.hpp"

namespace sp::server {

// Seconds to wait after `failed_attempts` failures (1, 2, ...) of one row:
// `first_seconds`, doubled after each further failure, capped at
// `longest_seconds`. Every outbox backs off alike.
std::int64_t outbox_retry_delay(int failed_attempts, std::int64_t first_seconds, std::int64_t longest_seconds);

class OutboxPump {
 public:
  // `what` names the outbox in log lines; `retry_key` is the scheduler's key
  // for its next wake; `start_round` is called on strand() to begin a round.
  OutboxPump(boost::asio::any_io_executor executor, Scheduler& scheduler, Scheduler::Key retry_key, std::string what,
             std::function<void()> start_round);

  // Rows may be due: start a round, or another after the one under way.
  void wake();
  // No round starts after this.
  void stop();

  boost::asio::strand<boost::asio::any_io_executor>& strand() { return strand_; }
  bool stopped() const { return stopped_; }

  // A round found nothing due at `now`: the pump rests until `next_due` (if
  // any) or the next wake.
  void rest(std::optional<std::int64_t> next_due, std::int64_t now);
  // A round could not read the outbox: the pump rests until the next wake.
  void read_failed();
  // A round's outcomes were recorded (or not: `recorded` false leaves the
  // rows pending in the outbox for the next wake): go on.
  void round_recorded(bool recorded);

 private:
  Scheduler& scheduler_;
  const Scheduler::Key retry_key_;
  const std::string what_;
  const std::function<void()> start_round_;
  boost::asio::strand<boost::asio::any_io_executor> strand_;
  // On strand_.
  bool running_ = false;
  bool again_ = false;
  bool stopped_ = false;
};

}  // namespace sp::server
