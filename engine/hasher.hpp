// FNV-1a over values fed field by field in a fixed order (never raw struct
// bytes, whose padding is unspecified), so equal inputs hash equal on every
// machine.
#pragma once

#include <cstdint>

#include "engine/card.hpp"

namespace sp::engine {

class Hasher {
 public:
  void add(std::uint64_t value) {
    for (int i = 0; i < 8; ++i) {
      hash_ ^= (value >> (8 * i)) & 0xFF;
      hash_ *= 0x100000001B3ull;
    }
  }
  void add_signed(std::int64_t value) { add(static_cast<std::uint64_t>(value)); }
  template <typename List>
  void add_cards(const List& cards) {
    add(cards.size());
    for (CardId card : cards) add(card.value);
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xCBF29CE484222325ull;
};

}  // namespace sp::engine
