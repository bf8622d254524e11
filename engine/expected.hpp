// A minimal stand-in for C++23 std::expected: either a value or an error.
//
// The engine returns rule violations as values, never as exceptions, because an
// illegal action is expected, untrusted input. The member names follow
// std::expected so the type can be replaced by the standard one with a `using`.
#pragma once

#include <utility>
#include <variant>

namespace sp {

template <typename E>
struct Unexpected {
  E error;
};

template <typename E>
Unexpected<E> unexpected(E error) {
  return Unexpected<E>{std::move(error)};
}

template <typename T, typename E>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : content_(std::in_place_index<0>, std::move(value)) {}
  Expected(Unexpected<E> u) : content_(std::in_place_index<1>, std::move(u.error)) {}

  bool has_value() const { return content_.index() == 0; }
  explicit operator bool() const { return has_value(); }

  T& value() & { return std::get<0>(content_); }
  const T& value() const& { return std::get<0>(content_); }
  T&& value() && { return std::get<0>(std::move(content_)); }
  const E& error() const { return std::get<1>(content_); }

  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

 private:
  std::variant<T, E> content_;
};

// Expected<void, E>: success carries nothing.
template <typename E>
class [[nodiscard]] Expected<void, E> {
 public:
  Expected() = default;
  Expected(Unexpected<E> u) : error_(std::move(u.error)), has_error_(true) {}

  bool has_value() const { return !has_error_; }
  explicit operator bool() const { return has_value(); }
  const E& error() const { return error_; }

 private:
  E error_{};
  bool has_error_ = false;
};

}  // namespace sp
