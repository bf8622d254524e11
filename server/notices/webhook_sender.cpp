#include "server/notices/webhook_sender.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <memory>
#include <optional>
#include <vector>

#include "server/notices/webhook_signature.hpp"

namespace sp::server {
namespace {

namespace net = boost::asio;

constexpr int kBatch = 16;

PreparedPost webhook_request(const DeliveryRecord& d, const WebhookPolicy& policy, std::int64_t now) {
  const auto url = parse_outbound_url(d.url, kMaxWebhookUrl);
  if (!url) return {std::nullopt, "not an https:// address"};
  if (url->scheme == UrlScheme::kHttp && !policy.plain_http) {
    return {std::nullopt, "plain http:// webhooks are off on this server (--webhook-plain-http)"};
  }
  if (d.keys.webhook_secret.empty()) return {std::nullopt, "the webhook was changed or removed since"};
  if (d.body_json.size() > kMaxWebhookBody) {
    return {std::nullopt, "the body is over " + std::to_string(kMaxWebhookBody) + " bytes"};
  }
  OutboundRequest request{*url, "application/json", {}, d.body_json};
  request.headers = {{std::string(kWebhookSignatureHeader), webhook_signature(d.keys.webhook_secret, now, d.body_json)}};
  return {std::move(request), ""};
}

}  // namespace

std::int64_t webhook_retry_delay(int failed_attempts, const WebhookPolicy& policy) {
  return outbox_retry_delay(failed_attempts, policy.first_retry_seconds, policy.longest_retry_seconds);
}

WebhookSender::WebhookSender(net::any_io_executor executor, Store& store, const Clock& clock, Scheduler& scheduler,
                             WebhookPolicy policy, OutboundPoster& poster, PushSettings push, Metrics& metrics,
                             std::string node, std::int64_t claim_margin_ms)
    : store_(store),
      clock_(clock),
      policy_(policy),
      poster_(poster),
      push_(std::move(push)),
      metrics_(metrics),
      // The posts of a round go out together: one time limit covers them all.
      claim_{std::move(node), std::int64_t{poster.timeout_seconds()} * 1000 + claim_margin_ms},
      pump_(executor, scheduler, {Due::kWebhookRetry, 0}, "outbox", [this] { fetch(); }) {}

void WebhookSender::wake() { pump_.wake(); }

void WebhookSender::stop() { pump_.stop(); }

ChannelStats& WebhookSender::metrics_of(DeliveryChannel channel) {
  return metrics_.channel(channel == DeliveryChannel::kPush ? NoticeChannel::kPush : NoticeChannel::kWebhook);
}

void WebhookSender::fetch() {
  auto due = std::make_shared<std::vector<DeliveryRecord>>();
  auto next = std::make_shared<std::optional<std::int64_t>>();
  auto vapid = std::make_shared<std::optional<VapidKey>>();
  const std::int64_t now = clock_.now();
  store_.submit(
      [due, next, vapid, now, claim = claim_](Records& db) {
        *due = db.due_deliveries(now, kBatch, claim);
        *next = db.next_delivery_at(now, claim);
        const bool push = std::any_of(due->begin(), due->end(),
                                      [](const DeliveryRecord& d) { return d.channel == DeliveryChannel::kPush; });
        if (push) *vapid = stored_vapid_key(db, now);
      },
      [this, due, next, vapid, now](std::exception_ptr error) {
        net::post(pump_.strand(), [this, due, next, vapid, error, now] {
          if (pump_.stopped()) return;
          if (error) return pump_.read_failed();
          if (due->empty()) return pump_.rest(*next, now);
          send_batch(std::move(*due), std::move(*vapid));
        });
      });
}

void WebhookSender::send_batch(std::vector<DeliveryRecord> batch, std::optional<VapidKey> vapid) {
  struct Progress {
    std::vector<DeliveryRecord> outcomes;
    std::size_t waiting;
    std::vector<std::int64_t> expired_subscriptions;
  };
  auto progress = std::make_shared<Progress>(Progress{std::move(batch), 0, {}});
  progress->waiting = progress->outcomes.size();
  // Backoff counts from the attempt, not from when its answer came: a slow
  // receiver does not push its next try further out.
  const std::int64_t attempted_at = clock_.now();
  for (std::size_t i = 0; i < progress->outcomes.size(); ++i) {
    const DeliveryRecord& d = progress->outcomes[i];
    // `hopeless`: another attempt would end the same way.
    auto settle = [this, progress, i, attempted_at](PostOutcome post, bool hopeless) {
      net::post(pump_.strand(), [this, progress, i, attempted_at, post = std::move(post), hopeless] {
        DeliveryRecord& outcome = progress->outcomes[i];
        ChannelStats& counts = metrics_of(outcome.channel);
        const auto channel = to_string(outcome.channel);
        outcome.attempts += 1;
        outcome.last_error = post.error;
        if (post.error.empty()) {
          outcome.status = DeliveryStatus::kDelivered;
          counts.sent.fetch_add(1, std::memory_order_relaxed);
          counts.observe_latency(std::max<std::int64_t>(0, attempted_at - outcome.notified_at));
        } else {
          counts.failed.fetch_add(1, std::memory_order_relaxed);
          // RFC 8030 §7.3: the push service no longer knows the subscription.
          const bool expired =
              outcome.channel == DeliveryChannel::kPush && (post.status == 404 || post.status == 410);
          if (expired && outcome.subscription_id) progress->expired_subscriptions.push_back(*outcome.subscription_id);
          // The address is the player's choice and the refusal the server's:
          // retrying would only ask again.
          if (post.refused) metrics_.outbound_refused.fetch_add(1, std::memory_order_relaxed);
          if (post.refused || hopeless || expired || post.status == 413) {
            outcome.status = DeliveryStatus::kGivenUp;
            spdlog::warn("{} delivery {} given up: {}", channel, outcome.id, post.error);
          } else if (outcome.attempts >= policy_.max_attempts) {
            outcome.status = DeliveryStatus::kGivenUp;
            spdlog::warn("{} delivery {} given up after {} attempts: {}", channel, outcome.id, outcome.attempts,
                         post.error);
          } else {
            outcome.next_attempt_at = attempted_at + webhook_retry_delay(outcome.attempts, policy_);
            spdlog::info("{} delivery {} attempt {} failed: {}; next attempt at {}", channel, outcome.id,
                         outcome.attempts, post.error, outcome.next_attempt_at);
          }
          if (outcome.status == DeliveryStatus::kGivenUp) counts.given_up.fetch_add(1, std::memory_order_relaxed);
        }
        if (--progress->waiting == 0) {
          finish_batch(std::move(progress->outcomes), std::move(progress->expired_subscriptions));
        }
      });
    };
    PreparedPost prepared;
    try {
      prepared = d.channel == DeliveryChannel::kPush
                     ? (vapid ? push_request(d, *vapid, push_, attempted_at)
                              : PreparedPost{std::nullopt, "no VAPID key"})
                     : webhook_request(d, policy_, attempted_at);
    } catch (const std::exception& e) {
      prepared = PreparedPost{std::nullopt, e.what()};
    }
    if (!prepared.request) {
      settle(PostOutcome{0, prepared.error, false}, true);
      continue;
    }
    poster_.post(std::move(*prepared.request), [settle](PostOutcome post) { settle(std::move(post), false); });
  }
}

void WebhookSender::finish_batch(std::vector<DeliveryRecord> outcomes, std::vector<std::int64_t> expired) {
  const std::int64_t now = clock_.now();
  store_.submit(
      [outcomes = std::move(outcomes), expired = std::move(expired), now, claim = claim_](Records& db) {
        for (const DeliveryRecord& d : outcomes) {
          // Its claim outlived: another node has it now and records its own.
          if (!db.update_delivery(d, now, claim)) {
            spdlog::warn("{} delivery {}: claimed by another node since; this attempt's outcome is not recorded",
                         to_string(d.channel), d.id);
          }
        }
        for (const std::int64_t subscription : expired) db.delete_push_subscription_by_id(subscription);
      },
      [this](std::exception_ptr error) {
        net::post(pump_.strand(), [this, error] {
          if (!pump_.stopped()) pump_.round_recorded(!error);
        });
      });
}

}  // namespace sp::server
