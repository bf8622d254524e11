// The deal nobody controls alone (docs/fairness.md, "For a programmer").
//
// At a table's creation the server draws a secret and publishes its
// commitment, SHA-256(secret). Seated players add contributions of their own.
// At the start the seed is
//
//   digest = SHA-256("spb-deal-v1" || secret || entry(seat 0) || ... || entry(seat n-1))
//   entry  = 0x01 || contribution (32 bytes)   for a seat that contributed
//          = 0x00                             for a seat that did not
//   seed   = digest[0..7] read as a little-endian unsigned 64-bit number
//
// The hash is libsodium's crypto_hash_sha256. Stateless after sodium_init();
// safe from any thread.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "protocol/deal_bytes.hpp"

namespace sp::server {

using DealSecret = protocol::DealBytes;
using Contribution = protocol::DealBytes;

using protocol::kDealScheme;
using protocol::kSharedDealScheme;

// 32 bytes from libsodium's randombytes_buf.
DealSecret draw_deal_secret();

// SHA-256 of the secret, as 64 lowercase hex digits.
std::string deal_commitment(const DealSecret& secret);

// The game's seed from the secret and each seat's contribution, seat 0 first
// (nothing: the seat contributed nothing).
std::uint64_t deal_seed(const DealSecret& secret, std::span<const std::optional<Contribution>> contributions);

// The seed of a duplicate round's tables of `table_size` seats
// (docs/fairness.md, "Duplicate deals"): one secret for the round and the
// contributions its players gave before it started, taken in byte order so
// that who gave which, and when, does not matter:
//
//   digest = SHA-256("spb-duplicate-v1" || secret || byte(table_size) || c_1 || ... || c_k)
//   seed   = digest[0..7] read as a little-endian unsigned 64-bit number
//
// with c_1 <= ... <= c_k the 32-byte contributions sorted bytewise.
// REQUIRES: 2 <= table_size <= 5
std::uint64_t shared_deal_seed(const DealSecret& secret, int table_size, std::vector<Contribution> contributions);

// The robots' random draws at a fair table come from the secret through
// another hash, so no robot's choice tells anything about the seed:
// SHA-256("spb-robot-v1" || secret)[0..7], little-endian.
std::uint64_t robot_seed(const DealSecret& secret);

}  // namespace sp::server
