#include "protocol/field_reader.hpp"

namespace sp::protocol {

using nlohmann::json;

namespace {

const json kLeftOut = nullptr;

}  // namespace

bool FieldReader::has(std::string_view name) const { return !fault_ && body_.contains(name); }

const json& FieldReader::at(std::string_view name) const {
  if (fault_) return kLeftOut;
  const auto it = body_.find(name);
  return it == body_.end() ? kLeftOut : *it;
}

std::string FieldReader::text(std::string_view name, std::size_t min, std::size_t max) {
  std::string value = any_text(name);
  if (fault_) return {};
  if (value.size() < min || value.size() > max) {
    refuse(ErrorCode::kBadRequest,
           std::string(name) + ": " + std::to_string(min) + " to " + std::to_string(max) + " characters");
    return {};
  }
  return value;
}

std::string FieldReader::any_text(std::string_view name) {
  if (fault_) return {};
  const auto it = body_.find(name);
  if (it == body_.end() || !it->is_string()) {
    refuse(ErrorCode::kBadRequest, std::string(name) + ": a text is required");
    return {};
  }
  return it->get<std::string>();
}

std::int64_t FieldReader::whole(std::string_view name, std::int64_t min, std::int64_t max) {
  if (fault_) return min;
  const json& value = at(name);
  if (value.is_null()) {
    refuse(ErrorCode::kBadRequest, std::string(name) + ": a whole number is required");
    return min;
  }
  return optional_whole(name, min, max).value_or(min);
}

std::optional<std::int64_t> FieldReader::optional_whole(std::string_view name, std::int64_t min, std::int64_t max) {
  const json& value = at(name);
  if (fault_ || value.is_null()) return std::nullopt;
  if (!value.is_number_integer() || value.get<std::int64_t>() < min || value.get<std::int64_t>() > max) {
    refuse(ErrorCode::kBadRequest, std::string(name) + ": a whole number from " + std::to_string(min) + " to " +
                                       std::to_string(max) + " is required");
    return std::nullopt;
  }
  return value.get<std::int64_t>();
}

std::optional<DealBytes> FieldReader::optional_contribution(std::string_view name) {
  const json& value = at(name);
  if (fault_ || value.is_null()) return std::nullopt;
  const auto bytes = value.is_string() ? deal_bytes_from_hex(value.get_ref<const std::string&>()) : std::nullopt;
  if (!bytes) refuse(ErrorCode::kBadRequest, std::string(name) + ": 64 hexadecimal digits (32 random bytes) are required");
  return bytes;
}

engine::Action FieldReader::action(const json& action) {
  if (fault_) return engine::Pass{};
  auto decoded = decode_action(action);
  if (decoded) return std::move(*decoded);
  // An unknown card keeps its own code; any other malformed action is a bad request.
  refuse(ErrorCode::kBadRequest, "action." + decoded.error().message);
  if (decoded.error().code == "unknown_card") fault_->action_code = decoded.error().code;
  return engine::Pass{};
}

void FieldReader::refuse_decoded(const DecodeError& error) {
  if (fault_) return;
  refuse(ErrorCode::kBadRequest, error.message);
  if (error.code == "unknown_card") fault_->action_code = error.code;
}

void FieldReader::refuse(ErrorCode code, std::string message) {
  if (fault_) return;
  fault_ = RequestError{};
  fault_->code = code;
  fault_->message = std::move(message);
}

}  // namespace sp::protocol
