// Passwords and session tokens, with libsodium: Argon2id password hashes
// (crypto_pwhash_str), 256-bit random tokens of which only a BLAKE2b hash is
// stored. Stateless after sodium_init(); safe from any thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace sp::server {

// Initialises libsodium; throws std::runtime_error when it cannot.
void init_credentials();

struct PasswordCost {
  std::uint64_t ops = 2;
  std::size_t memory = 19 * 1024 * 1024;
};

// Slow by design: run off the network threads.
std::string hash_password(const std::string& password, PasswordCost cost);
bool verify_password(const std::string& hash, const std::string& password);

std::string new_token();                            // 64 hex digits
std::string token_hash(const std::string& token);   // what the database keeps
std::uint64_t random_seed();

}  // namespace sp::server
