// WebhookSender: sends the outbox's deliveries, each a notification on its
// way out of the server: POSTed, signed, to its user's webhook (https://, or
// http:// where the operator allows it), or as an encrypted Web Push message
// to one of their browsers' push services. Failures are retried with
// exponential backoff and given up after a set number of attempts.
//
// Deliveries live in the webhook_outbox table, written in the same transaction
// as their notification, so none is lost to a restart. The sender reads the
// ones due, sends them at the same time (OutboundPoster, each with a time
// limit), records every outcome, and asks the scheduler to wake it for the
// next retry. It runs on the io_context and the store's thread only: a slow or
// failing receiver never holds up a table.
//
// Nodes sharing one PostgreSQL database each run a sender; a round claims
// the deliveries it sends (Records::due_deliveries) for as long as its posts
// may take plus a margin, and records outcomes only while the claims are its
// own, so a delivery is sent by one node at a time. A node that dies with
// claims leaves them to expire; another node then sends those deliveries
// again, under the same delivery id (docs/scaling.md, "Timed work").
//
// Given up at once, since trying again would end the same way: an address
// the outbound policy refuses, a plain http:// webhook while the operator does
// not allow them, a webhook the user changed or removed since, a push
// subscription removed since, and one whose push service answers 404 or 410
// (RFC 8030 §7.3: the subscription has expired), which is then deleted.
//
// Thread-safety: wake() and stop() are safe from any thread, and so is
// outbound(): the policy never changes.
#pragma once

#include <boost/asio/any_io_executor.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/base/clock.hpp"
#include "server/base/metrics.hpp"
#include "server/notices/notice_sender.hpp"
#include "server/notices/outbound_post.hpp"
#include "server/notices/outbox_pump.hpp"
#include "server/notices/push_message.hpp"
#include "server/security/address_policy.hpp"
#include "server/store/correspondence_rows.hpp"
#include "server/store/store.hpp"
#include "server/time/scheduler.hpp"

namespace sp::server {

struct WebhookPolicy {
  int max_attempts = 8;
  std::int64_t first_retry_seconds = 30;    // after the first failure
  std::int64_t longest_retry_seconds = 6 * 3600;
  bool plain_http = false;                  // --webhook-plain-http: http:// webhooks are sent too
};

// Seconds to wait after `failed_attempts` failures (1, 2, ...): the first
// retry delay, doubled after each further failure, capped (outbox_pump.hpp).
std::int64_t webhook_retry_delay(int failed_attempts, const WebhookPolicy& policy);

// The longest webhook address accepted.
inline constexpr std::size_t kMaxWebhookUrl = 500;

// The largest webhook body sent: what the server makes is far smaller, so a
// larger one is a mistake, given up rather than sent.
inline constexpr std::size_t kMaxWebhookBody = 64 * 1024;

class WebhookSender : public NoticeSender {
 public:
  // `node` names this node in its claims; `claim_margin_ms` is added to the
  // posts' time limit for how long a claim lasts (the outcome is recorded
  // within it).
  WebhookSender(boost::asio::any_io_executor executor, Store& store, const Clock& clock, Scheduler& scheduler,
                WebhookPolicy policy, OutboundPoster& poster, PushSettings push, Metrics& metrics, std::string node,
                std::int64_t claim_margin_ms);

  // The addresses webhooks and push endpoints may reach; the requests that
  // set them refuse early what they can.
  const OutboundPolicy& outbound() const { return poster_.policy(); }
  const WebhookPolicy& policy() const { return policy_; }

  // Deliveries may be due: read them and send them.
  void wake() override;
  // No attempt starts after this.
  void stop();

 private:
  void fetch();  // on the pump's strand
  void send_batch(std::vector<DeliveryRecord> batch, std::optional<VapidKey> vapid);
  void finish_batch(std::vector<DeliveryRecord> outcomes, std::vector<std::int64_t> expired_subscriptions);
  ChannelStats& metrics_of(DeliveryChannel channel);

  Store& store_;
  const Clock& clock_;
  const WebhookPolicy policy_;
  OutboundPoster& poster_;
  const PushSettings push_;
  Metrics& metrics_;
  const Claim claim_;
  OutboxPump pump_;
};

}  // namespace sp::server
