// Retention: deletes what correspondence play no longer needs, so a server
// that runs for years keeps its notifications and webhook_outbox tables at a
// steady size. Once shortly after start and then once a day it deletes
// webhook deliveries settled (delivered or given up) longer ago than one
// setting, and notifications read longer ago than the other that no delivery
// refers to any more. Pending deliveries and unread notifications stay.
// Expired login sessions go too (they can no longer be resumed).
//
// A sweep is a job on the store's writer thread, in batches so that a first
// sweep over years of rows never holds the moves' commits up for long: after
// a full batch the next one is due at once. Sweeps are entries of the
// scheduler, on the server's clock (the test clock moves them too), so
// stopping the scheduler stops them.
//
// Nodes sharing one PostgreSQL database each schedule the sweeps; a sweep
// first claims the work for a day and a little more (Records::
// claim_timed_work), so one node sweeps each day. The node holding the claim
// renews it at its next sweep; the others try again when it would end, and
// the first to try after a dead node's claim expired sweeps instead.
//
// Thread-safety: start() is called once; the rest runs from the scheduler and
// the store's completions, one batch at a time.
#pragma once

#include <boost/asio/any_io_executor.hpp>

#include <cstdint>
#include <exception>
#include <string>

#include "server/base/clock.hpp"
#include "server/store/correspondence_rows.hpp"
#include "server/store/store.hpp"
#include "server/time/scheduler.hpp"

namespace sp::server {

struct RetentionPolicy {
  int keep_notifications_days = 90;  // after being read; 0: forever
  int keep_webhooks_days = 30;       // after being settled; 0: forever
};

class Retention {
 public:
  // `node` names this node in its claim on the sweeps.
  Retention(boost::asio::any_io_executor executor, Store& store, const Clock& clock, Scheduler& scheduler,
            RetentionPolicy policy, std::string node);

  // Schedules the first sweep.
  void start();

 private:
  void schedule(std::int64_t at, PrunedRows so_far);
  void sweep(PrunedRows so_far);
  void swept(PrunedRows so_far, PrunedRows batch, ClaimAnswer claim, std::exception_ptr error);

  boost::asio::any_io_executor executor_;
  Store& store_;
  const Clock& clock_;
  Scheduler& scheduler_;
  const RetentionPolicy policy_;
  const Claim claim_;
};

}  // namespace sp::server
