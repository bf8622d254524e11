#include "server/notices/webhook_signature.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <sodium.h>

#include <array>
#include <stdexcept>

namespace sp::server {
namespace {

std::string hex(const unsigned char* data, std::size_t size) {
  std::string out(size * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), data, size);
  out.pop_back();
  return out;
}

}  // namespace

std::string new_webhook_secret() {
  std::array<unsigned char, 32> random{};
  randombytes_buf(random.data(), random.size());
  return hex(random.data(), random.size());
}

std::string webhook_signature(std::string_view secret, std::int64_t timestamp, std::string_view body) {
  const std::string signed_text = std::to_string(timestamp) + "." + std::string(body);
  std::array<unsigned char, EVP_MAX_MD_SIZE> mac{};
  unsigned int size = 0;
  if (HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
           reinterpret_cast<const unsigned char*>(signed_text.data()), signed_text.size(), mac.data(), &size) == nullptr) {
    throw std::runtime_error("webhook signature: HMAC failed");
  }
  return "t=" + std::to_string(timestamp) + ",v1=" + hex(mac.data(), size);
}

}  // namespace sp::server
