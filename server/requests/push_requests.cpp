// Requests of Web Push (docs/notifications-push-webhooks.md, "Web Push"): the
// server's VAPID public key, and adding or removing a browser's subscription.
#include <algorithm>

#include "protocol/correspondence_results.hpp"
#include "server/notices/push_crypto.hpp"
#include "server/notices/push_message.hpp"
#include "server/notices/webhook_sender.hpp"
#include "server/requests/request.hpp"
#include "server/security/host_refusal.hpp"

namespace sp::server {

using protocol::ErrorCode;

namespace {

namespace client = protocol::client;

// Browsers an account may have push notifications on in at once.
constexpr std::size_t kMaxPushSubscriptions = 10;

void on_push_key(const Request& r, const client::PushKey&) {
  store_job(r, [now = r.services.correspondence.clock.now()](Records& db) {
    return Reply::result(protocol::encode_data(protocol::PushKey{base64url_encode(stored_vapid_key(db, now).public_raw)}));
  });
}

void on_add_push_subscription(const Request& r, const client::AddPushSubscription& add) {
  const auto url = parse_outbound_url(add.endpoint, kMaxPushEndpoint);
  if (!url || url->scheme != UrlScheme::kHttps) {
    return r.fail(ErrorCode::kInvalidPushSubscription,
                  "A push endpoint is an https:// address, the one the browser's PushManager.subscribe gave.");
  }
  // Early, for what is plain from the text; every delivery checks the
  // address it connects to, whatever the name resolves to then.
  if (auto why = host_refusal(url->host, r.services.webhooks.outbound())) {
    return r.fail(ErrorCode::kPushEndpointRefused, "This push endpoint is refused: " + *why +
                                                       ". Push messages go only to public addresses, or to networks "
                                                       "the server's operator allows.");
  }
  const auto p256dh = base64url_decode(add.p256dh);
  if (!p256dh || !valid_p256_public_key(*p256dh)) {
    return r.fail(ErrorCode::kInvalidPushSubscription,
                  "p256dh is not a P-256 public key (65 bytes, uncompressed, in base64url).");
  }
  const auto auth = base64url_decode(add.auth);
  if (!auth || auth->size() != 16) {
    return r.fail(ErrorCode::kInvalidPushSubscription, "auth is not a 16-byte secret in base64url.");
  }
  store_job(r, [subscription = PushSubscriptionRecord{0, *r.state().user_id, add.endpoint, add.p256dh, add.auth,
                                                       r.services.correspondence.clock.now()}](Records& db) {
    const auto existing = db.push_subscriptions_of(subscription.user_id);
    const bool known = std::any_of(existing.begin(), existing.end(), [&](const PushSubscriptionRecord& s) {
      return s.endpoint == subscription.endpoint;
    });
    if (!known && existing.size() >= kMaxPushSubscriptions) {
      return Reply::error(ErrorCode::kTooManyPushSubscriptions,
                          "You have push notifications on in " + std::to_string(kMaxPushSubscriptions) +
                              " browsers, the most an account may; turn them off in one of them first.");
    }
    db.upsert_push_subscription(subscription);
    return Reply::result(protocol::encode_data(
        protocol::PushSubscribed{subscription.endpoint, existing.size() + (known ? 0 : 1)}));
  });
}

void on_remove_push_subscription(const Request& r, const client::RemovePushSubscription& remove) {
  store_job(r, [user = *r.state().user_id, endpoint = remove.endpoint](Records& db) {
    const bool removed = db.delete_push_subscription(user, endpoint);
    return Reply::result(protocol::encode_data(protocol::PushUnsubscribed{endpoint, removed}));
  });
}

}  // namespace

void add_push_requests(Routes& routes) {
  routes.add<client::PushKey, on_push_key>(Access::kUser);
  routes.add<client::AddPushSubscription, on_add_push_subscription>(Access::kUser);
  routes.add<client::RemovePushSubscription, on_remove_push_subscription>(Access::kUser);
}

}  // namespace sp::server
