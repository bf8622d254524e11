#include "server/correspondence/push_message.hpp"

#include <nlohmann/json.hpp>

#include <stdexcept>

#include "server/correspondence/notifier.hpp"

namespace sp::server {
namespace {

using nlohmann::json;

// VAPID tokens are good for 12 hours; a push service refuses more than 24.
constexpr std::int64_t kVapidLifetime = 12 * 3600;

// The longest prefix of `text` of at most `bytes` bytes that ends at a UTF-8
// character's boundary.
std::string utf8_prefix(const std::string& text, std::size_t bytes) {
  if (text.size() <= bytes) return text;
  std::size_t end = bytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end);
}

}  // namespace

std::string push_payload(const NotificationRecord& n) {
  json note = notification_json(n);
  note.erase("details");
  note.erase("read");
  json payload{{"type", "notification"}, {"notification", note}};
  std::string out = payload.dump();
  if (out.size() <= kMaxPushPayload) return out;
  const std::string text = note.value("text", "");
  const std::size_t over = out.size() - kMaxPushPayload;
  // "…" is three bytes; dump() escapes nothing in UTF-8 text but controls and
  // quotes, which the server's sentences do not hold, so the cut is exact
  // enough, and checked below.
  payload["notification"]["text"] = utf8_prefix(text, text.size() > over + 3 ? text.size() - over - 3 : 0) + "…";
  out = payload.dump();
  if (out.size() > kMaxPushPayload) {
    payload["notification"]["text"] = "";
    out = payload.dump();
  }
  return out;
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
