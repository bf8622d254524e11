// How a webhook receiver knows a POST came from this server and is fresh:
// every delivery carries
//
//   X-SPB-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>
//
// with the webhook's own secret, made when the player sets the webhook and
// shown to them once (docs/notifications-push-webhooks.md, "Webhooks"). The
// server keeps the secret as it is: it must sign with it, so a hash would not
// do; it lives beside the address it signs for and goes when that goes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace sp::server {

inline constexpr std::string_view kWebhookSignatureHeader = "X-SPB-Signature";

// 32 random bytes as 64 lowercase hex characters; the HMAC key is the text.
std::string new_webhook_secret();

// The header's value for `body` sent at `timestamp`.
std::string webhook_signature(std::string_view secret, std::int64_t timestamp, std::string_view body);

}  // namespace sp::server
