// FixedList: a vector with its capacity inside the object.
//
// Game states are copied on every action (a rejected action must leave the
// original untouched), so they hold no heap memory: a copy is one memcpy.
// Capacities are chosen above anything a game can reach; exceeding one is a bug
// and fails an invariant.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/invariant.hpp"

namespace sp::engine {

template <typename T, std::size_t N>
class FixedList {
  static_assert(N <= 255, "size is stored in one byte");

 public:
  using value_type = T;
  using iterator = T*;
  using const_iterator = const T*;

  FixedList() = default;
  FixedList(std::initializer_list<T> items) {
    for (const T& item : items) push_back(item);
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  static constexpr std::size_t capacity() { return N; }

  T* begin() { return items_.data(); }
  T* end() { return items_.data() + size_; }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + size_; }

  T& operator[](std::size_t i) { return items_[i]; }
  const T& operator[](std::size_t i) const { return items_[i]; }
  T& back() { return items_[size_ - 1]; }
  const T& back() const { return items_[size_ - 1]; }

  void push_back(const T& item) {
    SP_ASSERT(size_ < N);
    items_[size_++] = item;
  }
  T pop_back() {
    SP_ASSERT(size_ > 0);
    return items_[--size_];
  }
  void clear() { size_ = 0; }

  // Removes the element at `index`, keeping the order of the others.
  void erase_at(std::size_t index) {
    SP_ASSERT(index < size_);
    std::copy(items_.begin() + static_cast<std::ptrdiff_t>(index) + 1,
              items_.begin() + size_, items_.begin() + static_cast<std::ptrdiff_t>(index));
    --size_;
  }

  template <typename Pred>
  int find_if(Pred pred) const {
    for (std::size_t i = 0; i < size_; ++i) {
      if (pred(items_[i])) return static_cast<int>(i);
    }
    return -1;
  }

  template <typename Pred>
  int count_if(Pred pred) const {
    int n = 0;
    for (std::size_t i = 0; i < size_; ++i) n += pred(items_[i]) ? 1 : 0;
    return n;
  }

  friend bool operator==(const FixedList& a, const FixedList& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  std::array<T, N> items_{};
  std::uint8_t size_ = 0;
};

}  // namespace sp::engine
