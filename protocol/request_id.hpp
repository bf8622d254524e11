// The id a client gives a request, echoed in the reply exactly as it came:
// none, a whole number (signed or not, as JSON wrote it) or a text of at most
// 64 characters (request_envelope.cpp checks that before one is made).
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <variant>

namespace sp::protocol {

class RequestId {
 public:
  RequestId() = default;  // the client sent none
  explicit RequestId(std::int64_t number) : value_(number) {}
  explicit RequestId(std::string text) : value_(std::move(text)) {}
  // REQUIRES: `id` is null, a whole number or a text.
  static RequestId from_json(const nlohmann::json& id);

  bool given() const { return !std::holds_alternative<std::monostate>(value_); }
  // Null when none was given.
  nlohmann::json to_json() const;

  friend bool operator==(const RequestId&, const RequestId&) = default;

 private:
  // A number above INT64_MAX is kept unsigned, so it is echoed as it came.
  std::variant<std::monostate, std::int64_t, std::uint64_t, std::string> value_;
};

}  // namespace sp::protocol
