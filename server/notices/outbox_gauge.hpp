// OutboxGauge: how far the outboxes are behind, as gauges for /metrics
// (spb_outbox_backlog, spb_outbox_oldest_seconds, spb_claims_waiting;
// docs/operations.md). Every five seconds one store job reads the pending
// rows of both outboxes (Records::outbox_depth) on the store's thread, as
// every other read is; a scrape only reads the last answer, so no request
// costs a query. With several nodes each reads the whole database's
// outboxes: the gauges are the site's, the same on every node.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>

#include "server/base/clock.hpp"
#include "server/base/metrics.hpp"
#include "server/store/store.hpp"

namespace sp::server {

class OutboxGauge {
 public:
  OutboxGauge(boost::asio::any_io_executor executor, Store& store, const Clock& clock, Metrics& metrics);

  // Reads now, then every five seconds until the io_context stops; the object
  // goes before the io_context (its timer is the io_context's) and after the
  // store (whose completions call it).
  void start();

 private:
  void read();

  Store& store_;
  const Clock& clock_;
  Metrics& metrics_;
  // One read at a time: the next is armed by the last one's completion.
  boost::asio::steady_timer beat_;
};

}  // namespace sp::server
