#include "server/notices/push_message.hpp"

#include <stdexcept>

#include "protocol/notification.hpp"
#include "server/notices/stored_notice.hpp"

namespace sp::server {
namespace {

// VAPID tokens are good for 12 hours; a push service refuses more than 24.
constexpr std::int64_t kVapidLifetime = 12 * 3600;

}  // namespace

std::string push_payload(const NotificationRecord& n) {
  return protocol::encode_web_push_notification(notification_of(n), kMaxPushPayload);
}

VapidKey stored_vapid_key(Records& db, std::int64_t now) {
  auto stored = db.vapid_key();
  if (!stored) {
    const VapidKey fresh = generate_vapid_key();
    stored = db.keep_vapid_key(VapidKeyRecord{fresh.private_pem, base64url_encode(fresh.public_raw)}, now);
  }
  const auto public_raw = base64url_decode(stored->public_key);
  if (!public_raw) throw std::runtime_error("the stored VAPID public key is not base64url");
  return VapidKey{stored->private_pem, *public_raw};
}

PreparedPost push_request(const DeliveryRecord& d, const VapidKey& key, const PushSettings& settings,
                         std::int64_t now) {
  if (d.keys.p256dh.empty()) return {std::nullopt, "the push subscription was removed"};
  const auto url = parse_outbound_url(d.url, kMaxPushEndpoint);
  if (!url || url->scheme != UrlScheme::kHttps) return {std::nullopt, "the push endpoint is no https:// address"};
  const auto ua_public = base64url_decode(d.keys.p256dh);
  const auto auth = base64url_decode(d.keys.auth);
  if (!ua_public || !auth || !valid_p256_public_key(*ua_public) || auth->size() != 16) {
    return {std::nullopt, "the push subscription's keys are not keys"};
  }
  OutboundRequest request{*url, "application/octet-stream", {}, {}};
  request.headers = {{"Content-Encoding", "aes128gcm"},
                     {"TTL", std::to_string(settings.ttl_seconds)},
                     {"Authorization", vapid_authorization(key, url->origin(), settings.subject, now + kVapidLifetime)}};
  request.body = encrypt_push_message(d.body_json, *ua_public, *auth);
  return {std::move(request), ""};
}

}  // namespace sp::server
