#include "server/notices/push_crypto.hpp"

#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <sodium.h>

#include <nlohmann/json.hpp>

#include <memory>
#include <stdexcept>
#include <vector>

namespace sp::server {
namespace {

constexpr std::size_t kPointBytes = 65;
constexpr std::size_t kAuthBytes = 16;
constexpr std::size_t kSaltBytes = 16;
constexpr std::uint32_t kRecordSize = 4096;

struct PkeyFree { void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); } };
struct PkeyCtxFree { void operator()(EVP_PKEY_CTX* p) const { EVP_PKEY_CTX_free(p); } };
struct CipherCtxFree { void operator()(EVP_CIPHER_CTX* p) const { EVP_CIPHER_CTX_free(p); } };
struct MdCtxFree { void operator()(EVP_MD_CTX* p) const { EVP_MD_CTX_free(p); } };
struct BioFree { void operator()(BIO* p) const { BIO_free(p); } };
struct SigFree { void operator()(ECDSA_SIG* p) const { ECDSA_SIG_free(p); } };
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;
using PkeyCtx = std::unique_ptr<EVP_PKEY_CTX, PkeyCtxFree>;

[[noreturn]] void fail(const char* what) {
  char reason[256] = "";
  ERR_error_string_n(ERR_get_error(), reason, sizeof reason);
  ERR_clear_error();
  throw std::runtime_error(std::string("web push crypto: ") + what + ": " + reason);
}

void check(int ok, const char* what) {
  if (ok <= 0) fail(what);
}

const unsigned char* bytes(std::string_view s) { return reinterpret_cast<const unsigned char*>(s.data()); }

// A P-256 public key from its uncompressed point; nothing when it is none.
Pkey public_key_from_point(std::string_view raw) {
  if (raw.size() != kPointBytes || raw[0] != 0x04) return nullptr;
  PkeyCtx ctx(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
  if (!ctx || EVP_PKEY_fromdata_init(ctx.get()) <= 0) fail("EC context");
  char group[] = "prime256v1";
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, group, 0),
      OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, const_cast<char*>(raw.data()), raw.size()),
      OSSL_PARAM_construct_end()};
  EVP_PKEY* key = nullptr;
  // Decoding the point checks that it lies on the curve.
  if (EVP_PKEY_fromdata(ctx.get(), &key, EVP_PKEY_PUBLIC_KEY, params) <= 0) {
    ERR_clear_error();
    return nullptr;
  }
  return Pkey(key);
}

Pkey generate_p256() {
  Pkey key(EVP_EC_gen("P-256"));
  if (!key) fail("P-256 key generation");
  return key;
}

std::string public_point(EVP_PKEY* key) {
  std::string out(kPointBytes, '\0');
  std::size_t size = 0;
  check(EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_PUB_KEY, reinterpret_cast<unsigned char*>(out.data()),
                                        out.size(), &size),
        "public key");
  if (size != kPointBytes) fail("public key size");
  return out;
}

std::string ecdh(EVP_PKEY* own, EVP_PKEY* peer) {
  PkeyCtx ctx(EVP_PKEY_CTX_new(own, nullptr));
  if (!ctx) fail("ECDH context");
  check(EVP_PKEY_derive_init(ctx.get()), "ECDH init");
  check(EVP_PKEY_derive_set_peer(ctx.get(), peer), "ECDH peer");
  std::size_t size = 0;
  check(EVP_PKEY_derive(ctx.get(), nullptr, &size), "ECDH size");
  std::string secret(size, '\0');
  check(EVP_PKEY_derive(ctx.get(), reinterpret_cast<unsigned char*>(secret.data()), &size), "ECDH");
  secret.resize(size);
  return secret;
}

// HKDF-SHA-256, extract then expand (RFC 5869).
std::string hkdf(std::string_view salt, std::string_view ikm, std::string_view info, std::size_t length) {
  PkeyCtx ctx(EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, nullptr));
  if (!ctx) fail("HKDF context");
  check(EVP_PKEY_derive_init(ctx.get()), "HKDF init");
  check(EVP_PKEY_CTX_set_hkdf_md(ctx.get(), EVP_sha256()), "HKDF digest");
  check(EVP_PKEY_CTX_set1_hkdf_salt(ctx.get(), bytes(salt), static_cast<int>(salt.size())), "HKDF salt");
  check(EVP_PKEY_CTX_set1_hkdf_key(ctx.get(), bytes(ikm), static_cast<int>(ikm.size())), "HKDF key");
  check(EVP_PKEY_CTX_add1_hkdf_info(ctx.get(), bytes(info), static_cast<int>(info.size())), "HKDF info");
  std::string out(length, '\0');
  std::size_t size = length;
  check(EVP_PKEY_derive(ctx.get(), reinterpret_cast<unsigned char*>(out.data()), &size), "HKDF");
  return out;
}

// AES-128-GCM: the ciphertext followed by its 16-byte tag.
std::string aes128gcm(std::string_view key, std::string_view nonce, std::string_view plaintext) {
  std::unique_ptr<EVP_CIPHER_CTX, CipherCtxFree> ctx(EVP_CIPHER_CTX_new());
  if (!ctx) fail("AES context");
  check(EVP_EncryptInit_ex(ctx.get(), EVP_aes_128_gcm(), nullptr, bytes(key), bytes(nonce)), "AES init");
  std::string out(plaintext.size() + 16, '\0');
  auto* o = reinterpret_cast<unsigned char*>(out.data());
  int written = 0;
  check(EVP_EncryptUpdate(ctx.get(), o, &written, bytes(plaintext), static_cast<int>(plaintext.size())), "AES");
  int last = 0;
  check(EVP_EncryptFinal_ex(ctx.get(), o + written, &last), "AES final");
  check(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, 16, o + written + last), "AES tag");
  out.resize(static_cast<std::size_t>(written + last) + 16);
  return out;
}

std::string random_bytes(std::size_t size) {
  std::string out(size, '\0');
  check(RAND_bytes(reinterpret_cast<unsigned char*>(out.data()), static_cast<int>(size)), "random bytes");
  return out;
}

Pkey private_key_from_pem(const std::string& pem) {
  std::unique_ptr<BIO, BioFree> bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
  if (!bio) fail("PEM buffer");
  Pkey key(PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr));
  if (!key) fail("the VAPID private key");
  return key;
}

// ES256 (RFC 7518 §3.4): the ECDSA signature as R || S, 32 bytes each, not DER.
std::string es256(EVP_PKEY* key, std::string_view message) {
  std::unique_ptr<EVP_MD_CTX, MdCtxFree> ctx(EVP_MD_CTX_new());
  if (!ctx) fail("signature context");
  check(EVP_DigestSignInit(ctx.get(), nullptr, EVP_sha256(), nullptr, key), "signature init");
  std::size_t size = 0;
  check(EVP_DigestSign(ctx.get(), nullptr, &size, bytes(message), message.size()), "signature size");
  std::vector<unsigned char> der(size);
  check(EVP_DigestSign(ctx.get(), der.data(), &size, bytes(message), message.size()), "signature");
  const unsigned char* p = der.data();
  std::unique_ptr<ECDSA_SIG, SigFree> sig(d2i_ECDSA_SIG(nullptr, &p, static_cast<long>(size)));
  if (!sig) fail("signature decoding");
  std::string out(64, '\0');
  auto* o = reinterpret_cast<unsigned char*>(out.data());
  check(BN_bn2binpad(ECDSA_SIG_get0_r(sig.get()), o, 32), "signature r");
  check(BN_bn2binpad(ECDSA_SIG_get0_s(sig.get()), o + 32, 32), "signature s");
  return out;
}

}  // namespace

std::string base64url_encode(std::string_view data) {
  std::string out(sodium_base64_encoded_len(data.size(), sodium_base64_VARIANT_URLSAFE_NO_PADDING), '\0');
  sodium_bin2base64(out.data(), out.size(), bytes(data), data.size(), sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  out.resize(out.find('\0'));
  return out;
}

std::optional<std::string> base64url_decode(std::string_view text) {
  while (!text.empty() && text.back() == '=') text.remove_suffix(1);
  std::string out(text.size() * 3 / 4 + 3, '\0');
  std::size_t size = 0;
  const char* end = nullptr;
  if (sodium_base642bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), text.data(), text.size(), nullptr,
                        &size, &end, sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0 ||
      end != text.data() + text.size()) {
    return std::nullopt;
  }
  out.resize(size);
  return out;
}

bool valid_p256_public_key(std::string_view raw) { return public_key_from_point(raw) != nullptr; }

VapidKey generate_vapid_key() {
  Pkey key = generate_p256();
  std::unique_ptr<BIO, BioFree> bio(BIO_new(BIO_s_mem()));
  if (!bio) fail("PEM buffer");
  check(PEM_write_bio_PrivateKey(bio.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr), "PEM");
  char* data = nullptr;
  const long size = BIO_get_mem_data(bio.get(), &data);
  return VapidKey{std::string(data, static_cast<std::size_t>(size)), public_point(key.get())};
}

std::string encrypt_push_message(std::string_view plaintext, std::string_view ua_public, std::string_view auth_secret) {
  const Pkey ua = public_key_from_point(ua_public);
  if (!ua || auth_secret.size() != kAuthBytes) throw std::runtime_error("web push crypto: not a subscription's keys");
  if (plaintext.size() > kMaxPushPlaintext) throw std::runtime_error("web push crypto: the message is too long");
  const Pkey as = generate_p256();
  const std::string as_public = public_point(as.get());
  // §3.3-3.4: the input keying material from the shared secret and the
  // subscription's authentication secret.
  const std::string shared = ecdh(as.get(), ua.get());
  std::string key_info = "WebPush: info";
  key_info += '\0';
  key_info += ua_public;
  key_info += as_public;
  const std::string ikm = hkdf(auth_secret, shared, key_info, 32);
  // RFC 8188 §2.2-2.3: the content key and nonce from a fresh salt (the
  // record's sequence number is 0, so the nonce is used as derived).
  const std::string salt = random_bytes(kSaltBytes);
  const std::string cek = hkdf(salt, ikm, std::string_view("Content-Encoding: aes128gcm\0", 28), 16);
  const std::string nonce = hkdf(salt, ikm, std::string_view("Content-Encoding: nonce\0", 24), 12);
  // §4: one record, the last, so its padding delimiter is 2 and no padding follows.
  std::string record(plaintext);
  record += '\x02';
  // RFC 8188 §2.1: salt, record size, key id length, key id (the sender's public key).
  std::string body = salt;
  for (int shift = 24; shift >= 0; shift -= 8) body += static_cast<char>((kRecordSize >> shift) & 0xff);
  body += static_cast<char>(kPointBytes);
  body += as_public;
  body += aes128gcm(cek, nonce, record);
  return body;
}

std::string vapid_authorization(const VapidKey& key, std::string_view audience, std::string_view subject,
                                std::int64_t expires_at) {
  const Pkey pkey = private_key_from_pem(key.private_pem);
  const std::string header = base64url_encode(nlohmann::json{{"typ", "JWT"}, {"alg", "ES256"}}.dump());
  const std::string claims =
      base64url_encode(nlohmann::json{{"aud", std::string(audience)}, {"exp", expires_at}, {"sub", std::string(subject)}}.dump());
  const std::string signing_input = header + "." + claims;
  return "vapid t=" + signing_input + "." + base64url_encode(es256(pkey.get(), signing_input)) +
         ", k=" + base64url_encode(key.public_raw);
}

}  // namespace sp::server
