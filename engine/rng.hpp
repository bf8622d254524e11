// The engine's own random numbers: SplitMix64 and an unbiased bounded draw.
//
// The standard shuffle and distributions are implementation-defined, so a game
// replayed with another standard library would deal other cards. These are
// exactly specified here, and a seed yields the same deal everywhere.
#pragma once

#include <cstdint>
#include <span>
#include <utility>

namespace sp::engine {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // A uniform number in [0, bound), by rejection so no value is favoured.
  // REQUIRES: bound > 0
  std::uint64_t below(std::uint64_t bound) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    std::uint64_t x = next();
    while (x >= limit) x = next();
    return x % bound;
  }

  // Fisher-Yates.
  template <typename T>
  void shuffle(std::span<T> items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      const std::size_t j = static_cast<std::size_t>(below(i));
      std::swap(items[i - 1], items[j]);
    }
  }

 private:
  std::uint64_t state_;
};

}  // namespace sp::engine
