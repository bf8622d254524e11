// Web Push's and signed webhooks' pieces that need no network: the signature
// a receiver checks, base64url, keys, the push payload's size rule, and which
// addresses are addresses. The encryption and the VAPID JWT are checked by an
// independent implementation in tests/integration/test_push_webhooks.py.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "server/notices/outbound_post.hpp"
#include "server/notices/push_crypto.hpp"
#include "server/notices/push_message.hpp"
#include "server/notices/webhook_signature.hpp"

namespace sp::server {
namespace {

using nlohmann::json;

TEST_CASE("a webhook signature is HMAC-SHA256 over the timestamp, a dot and the body, in hex") {
  // The expected value is Python's: hmac.new(secret.encode(), b"1800000000." + body, hashlib.sha256).hexdigest()
  const std::string secret = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
  CHECK(webhook_signature(secret, 1800000000, R"({"type":"notification"})") ==
        "t=1800000000,v1=19aa6d59584c635a1602c98a187379df8c923da231783acd15881e4f85afddb9");
  CHECK(webhook_signature(secret, 1800000001, R"({"type":"notification"})") !=
        webhook_signature(secret, 1800000000, R"({"type":"notification"})"));
}

TEST_CASE("webhook secrets are 64 hex characters, new each time") {
  const std::string a = new_webhook_secret();
  CHECK(a.size() == 64);
  CHECK(a.find_first_not_of("0123456789abcdef") == std::string::npos);
  CHECK(new_webhook_secret() != a);
}

TEST_CASE("base64url round trips, takes padding, refuses other alphabets") {
  const std::string bytes("\xfb\xff\x00\x01\x02", 5);
  CHECK(base64url_encode(bytes) == "-_8AAQI");
  CHECK(base64url_decode("-_8AAQI") == bytes);
  CHECK(base64url_decode("-_8AAQI=") == bytes);
  CHECK_FALSE(base64url_decode("+/8AAQI").has_value());
  CHECK_FALSE(base64url_decode("a b").has_value());
}

TEST_CASE("a VAPID key's public half is a P-256 point; 65 other bytes are not") {
  const VapidKey key = generate_vapid_key();
  CHECK(key.public_raw.size() == 65);
  CHECK(valid_p256_public_key(key.public_raw));
  CHECK(key.private_pem.find("BEGIN PRIVATE KEY") != std::string::npos);
  std::string off_curve = key.public_raw;
  off_curve[64] = static_cast<char>(off_curve[64] ^ 1);
  CHECK_FALSE(valid_p256_public_key(off_curve));
  CHECK_FALSE(valid_p256_public_key(key.public_raw.substr(0, 33)));
}

TEST_CASE("an encrypted push message has the aes128gcm header with the sender's key and fits a record") {
  const VapidKey browser = generate_vapid_key();
  const std::string auth(16, 'a');
  const std::string body = encrypt_push_message(R"({"type":"notification"})", browser.public_raw, auth);
  // salt (16), record size 4096, key id length 65, key id, then the text, the delimiter and the tag.
  REQUIRE(body.size() == 16 + 4 + 1 + 65 + 23 + 1 + 16);
  CHECK(body.substr(16, 4) == std::string("\x00\x00\x10\x00", 4));
  CHECK(static_cast<unsigned char>(body[20]) == 65);
  CHECK(valid_p256_public_key(body.substr(21, 65)));
  CHECK(encrypt_push_message("x", browser.public_raw, auth) != encrypt_push_message("x", browser.public_raw, auth));
  CHECK_THROWS(encrypt_push_message("x", browser.public_raw, "short"));
  CHECK_THROWS(encrypt_push_message(std::string(kMaxPushPlaintext + 1, 'x'), browser.public_raw, auth));
}

TEST_CASE("a push payload is the notification without its details, cut to fit") {
  NotificationRecord n{41, 7, "your_turn", 31,
                       json{{"text", "It is your turn at Nevsky."}, {"details", {{"move_number", 3}}}}.dump(), 1800000000,
                       false};
  const json small = json::parse(push_payload(n));
  CHECK(small == json{{"type", "notification"},
                      {"notification",
                       {{"id", 41}, {"kind", "your_turn"}, {"table", 31}, {"text", "It is your turn at Nevsky."},
                        {"created_at", 1800000000}}}});
  std::string long_text;
  for (int i = 0; i < 2000; ++i) long_text += "ё";  // two bytes each
  n.body_json = json{{"text", long_text}, {"details", json::object()}}.dump();
  const std::string cut = push_payload(n);
  CHECK(cut.size() <= kMaxPushPayload);
  const json parsed = json::parse(cut);  // still UTF-8: the cut fell between characters
  const auto text = parsed["notification"]["text"].get<std::string>();
  CHECK(text.size() > 2000);
  CHECK(text.substr(text.size() - 3) == "…");
}

TEST_CASE("outbound addresses are http:// or https:// with a host, a port and a path") {
  const auto push = parse_outbound_url("https://push.example.net/send/abc?x=1", 1000);
  REQUIRE(push);
  CHECK(push->scheme == UrlScheme::kHttps);
  CHECK(push->port == "443");
  CHECK(push->target == "/send/abc?x=1");
  CHECK(push->origin() == "https://push.example.net");
  const auto hook = parse_outbound_url("http://127.0.0.1:8080", 500);
  REQUIRE(hook);
  CHECK(hook->scheme == UrlScheme::kHttp);
  CHECK(hook->origin() == "http://127.0.0.1:8080");
  CHECK(hook->target == "/");
  CHECK(parse_outbound_url("https://h.example:8443/x", 500)->origin() == "https://h.example:8443");
  CHECK_FALSE(parse_outbound_url("ftp://example.org/", 500));
  CHECK_FALSE(parse_outbound_url("https://user@example.org/", 500));
  CHECK_FALSE(parse_outbound_url("https://exa mple.org/", 500));
  CHECK_FALSE(parse_outbound_url("https://example.org:99999/", 500));
  CHECK_FALSE(parse_outbound_url("https://example.org/" + std::string(500, 'a'), 500));
}

}  // namespace
}  // namespace sp::server
