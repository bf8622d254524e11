#include "server/security/fair_deal.hpp"

#include <sodium.h>

#include <algorithm>
#include <array>

namespace sp::server {
namespace {

using Digest = std::array<std::uint8_t, crypto_hash_sha256_BYTES>;

void absorb(crypto_hash_sha256_state& state, std::string_view text) {
  crypto_hash_sha256_update(&state, reinterpret_cast<const unsigned char*>(text.data()), text.size());
}

void absorb(crypto_hash_sha256_state& state, std::span<const std::uint8_t> bytes) {
  crypto_hash_sha256_update(&state, bytes.data(), bytes.size());
}

Digest finish(crypto_hash_sha256_state& state) {
  Digest digest{};
  crypto_hash_sha256_final(&state, digest.data());
  return digest;
}

std::uint64_t little_endian_64(const Digest& digest) {
  std::uint64_t value = 0;
  for (int i = 7; i >= 0; --i) value = (value << 8) | digest[static_cast<std::size_t>(i)];
  return value;
}

}  // namespace

DealSecret draw_deal_secret() {
  DealSecret secret{};
  randombytes_buf(secret.data(), secret.size());
  return secret;
}

std::string deal_commitment(const DealSecret& secret) {
  Digest digest{};
  crypto_hash_sha256(digest.data(), secret.data(), secret.size());
  return protocol::to_hex(digest);
}

std::uint64_t deal_seed(const DealSecret& secret, std::span<const std::optional<Contribution>> contributions) {
  crypto_hash_sha256_state state;
  crypto_hash_sha256_init(&state);
  absorb(state, kDealScheme);
  absorb(state, secret);
  for (const auto& contribution : contributions) {
    const std::uint8_t present = contribution ? 0x01 : 0x00;
    absorb(state, std::span<const std::uint8_t>(&present, 1));
    if (contribution) absorb(state, *contribution);
  }
  return little_endian_64(finish(state));
}

std::uint64_t shared_deal_seed(const DealSecret& secret, int table_size, std::vector<Contribution> contributions) {
  std::sort(contributions.begin(), contributions.end());
  crypto_hash_sha256_state state;
  crypto_hash_sha256_init(&state);
  absorb(state, kSharedDealScheme);
  absorb(state, secret);
  const auto size = static_cast<std::uint8_t>(table_size);
  absorb(state, std::span<const std::uint8_t>(&size, 1));
  for (const Contribution& contribution : contributions) absorb(state, contribution);
  return little_endian_64(finish(state));
}

std::uint64_t robot_seed(const DealSecret& secret) {
  crypto_hash_sha256_state state;
  crypto_hash_sha256_init(&state);
  absorb(state, std::string_view("spb-robot-v1"));
  absorb(state, secret);
  return little_endian_64(finish(state));
}

}  // namespace sp::server
