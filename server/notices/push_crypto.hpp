// Web Push's cryptography, composed from OpenSSL's primitives the way the
// RFCs say: the message encryption of RFC 8291 (ECDH on P-256, HKDF-SHA-256,
// AES-128-GCM in the aes128gcm content coding of RFC 8188) and the VAPID
// authorization of RFC 8292 (an ES256-signed JWT). Nothing here is a
// primitive of its own: each step is one OpenSSL call.
//
// OpenSSL failing (out of memory, a key that cannot be read) throws
// std::runtime_error: an I/O failure to the caller, never an expected value.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sp::server {

// Base64url without padding (RFC 4648 §5), the encoding of every key and
// signature on the Web Push wire. Decoding accepts trailing '=' as browsers
// sometimes send it; nothing for anything else that is not base64url.
std::string base64url_encode(std::string_view bytes);
std::optional<std::string> base64url_decode(std::string_view text);

// A public key as browsers give it (p256dh): an uncompressed P-256 point of
// 65 bytes (0x04 || X || Y) that lies on the curve.
bool valid_p256_public_key(std::string_view raw);

// The server's VAPID key pair (RFC 8292): the private key as PKCS#8 PEM, the
// public key as the 65-byte uncompressed point that browsers take as
// applicationServerKey.
struct VapidKey {
  std::string private_pem;
  std::string public_raw;
};
VapidKey generate_vapid_key();

// RFC 8291 §3-4: the body of a push message carrying `plaintext` to the user
// agent whose subscription has the public key `ua_public` (65 bytes) and the
// authentication secret `auth_secret` (16 bytes), as one aes128gcm record
// with a fresh sender key pair and salt.
std::string encrypt_push_message(std::string_view plaintext, std::string_view ua_public, std::string_view auth_secret);

// The largest plaintext encrypt_push_message sends: push services take 4096
// bytes of body, of which the aes128gcm header takes 86, the tag 16 and the
// padding delimiter 1 (RFC 8291 §4).
inline constexpr std::size_t kMaxPushPlaintext = 4096 - 86 - 16 - 1;

// RFC 8292 §3: the Authorization header's value, "vapid t=<JWT>, k=<key>",
// for a push service at `audience` (its origin, "https://host[:port]"),
// naming the operator's `subject` (a mailto: or https: address).
std::string vapid_authorization(const VapidKey& key, std::string_view audience, std::string_view subject,
                                std::int64_t expires_at);

}  // namespace sp::server
