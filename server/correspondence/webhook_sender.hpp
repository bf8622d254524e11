// WebhookSender: posts each stored webhook delivery (a JSON notification) to
// its user's http:// address, retrying with exponential backoff and giving up
// after a set number of attempts.
//
// Deliveries live in the webhook_outbox table, written in the same transaction
// as their notification, so none is lost to a restart. The sender reads the
// ones due, posts them at the same time (Boost.Beast, each with a time limit),
// records every outcome, and asks the scheduler to wake it for the next retry.
// It runs on the io_context and the store's thread only: a slow or failing
// receiver never holds up a table.
//
// A player chooses the address, so every connection goes through the outbound
// policy (server/security/address_policy.hpp): of the addresses a name resolves
// to only the allowed ones are tried, and the address connected to is checked
// again before anything is sent. A delivery the policy refuses is given up at
// once. Redirects are never followed: a 3xx answer is a failure like any other.
//
// Thread-safety: wake() and stop() are safe from any thread, and so is
// outbound(): the policy never changes.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/strand.hpp>

#include <cstdint>
#include <optional>
#include <string>

#include "server/base/clock.hpp"
#include "server/base/metrics.hpp"
#include "server/correspondence/scheduler.hpp"
#include "server/security/address_policy.hpp"
#include "server/store/correspondence_rows.hpp"
#include "server/store/store.hpp"

namespace sp::server {

struct WebhookPolicy {
  int max_attempts = 8;
  std::int64_t first_retry_seconds = 30;    // after the first failure
  std::int64_t longest_retry_seconds = 6 * 3600;
  int timeout_seconds = 10;                 // per attempt: connect, send, read the answer
};

// Seconds to wait after `failed_attempts` failures (1, 2, ...): the first
// retry delay, doubled after each further failure, capped.
std::int64_t webhook_retry_delay(int failed_attempts, const WebhookPolicy& policy);

struct HttpUrl {
  std::string host;
  std::string port;
  std::string target;  // path and query, at least "/"
};

// An http:// address with a host name or IPv4 address, an optional port and a
// path; nothing for anything else (https, user names, spaces, over 500 chars).
std::optional<HttpUrl> parse_webhook_url(const std::string& url);

class WebhookSender {
 public:
  WebhookSender(boost::asio::any_io_executor executor, Store& store, const Clock& clock, Scheduler& scheduler,
                WebhookPolicy policy, OutboundPolicy outbound, Metrics& metrics);

  // The addresses webhooks may reach; set_webhook refuses early what it can.
  const OutboundPolicy& outbound() const { return outbound_; }

  // Deliveries may be due: read them and send them.
  void wake();
  // No attempt starts after this.
  void stop();

 private:
  void fetch();  // on strand_
  void send_batch(std::vector<DeliveryRecord> batch);
  void finish_batch(std::vector<DeliveryRecord> outcomes);

  boost::asio::any_io_executor executor_;
  Store& store_;
  const Clock& clock_;
  Scheduler& scheduler_;
  const WebhookPolicy policy_;
  const OutboundPolicy outbound_;
  Metrics& metrics_;
  boost::asio::strand<boost::asio::any_io_executor> strand_;
  // On strand_.
  bool running_ = false;
  bool again_ = false;
  bool stopped_ = false;
};

}  // namespace sp::server
