// Reads the fields of one request object for the decoders of requests.cpp,
// with the sentences the server has always sent ("table: a whole number from
// 1 to ... is required"). The first fault is kept and every later read gives
// way, so a decoder reads its fields in order, as plain statements, and asks
// once at the end whether they were all good.
//
// Internal to protocol/: the server sees only the typed requests.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/deal_bytes.hpp"
#include "protocol/engine_json.hpp"
#include "protocol/requests.hpp"

namespace sp::protocol {

class FieldReader {
 public:
  FieldReader(const nlohmann::json& body, const RequestLimits& limits) : body_(body), limits_(limits) {}

  const RequestLimits& limits() const { return limits_; }
  bool ok() const { return !fault_; }
  const std::optional<RequestError>& fault() const { return fault_; }

  // Whether the request carries `name`, null included (false when the reader gave way).
  bool has(std::string_view name) const;
  // The field, or null when it is left out (null when the reader gave way).
  const nlohmann::json& at(std::string_view name) const;

  // A text of `min` to `max` bytes.
  std::string text(std::string_view name, std::size_t min, std::size_t max);
  // A text of any length (a password, checked for strength by the caller).
  std::string any_text(std::string_view name);
  // A whole number from `min` to `max`; null counts as left out.
  std::int64_t whole(std::string_view name, std::int64_t min, std::int64_t max);
  std::optional<std::int64_t> optional_whole(std::string_view name, std::int64_t min, std::int64_t max);
  std::int64_t table() { return whole("table", 1, INT64_MAX); }
  // A deal contribution (docs/fairness.md): 64 hex digits; null counts as left out.
  std::optional<DealBytes> optional_contribution(std::string_view name);

  // An action, already known to be an object: decode_action's refusal names
  // the field under "action.".
  engine::Action action(const nlohmann::json& action);

  void refuse(ErrorCode code, std::string message);
  // A decoder's refusal (an order's, an action's): a bad request, except that
  // an unknown card keeps its own code.
  void refuse_decoded(const DecodeError& error);

 private:
  const nlohmann::json& body_;
  const RequestLimits& limits_;
  std::optional<RequestError> fault_;
};

}  // namespace sp::protocol
