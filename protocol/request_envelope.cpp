#include "protocol/request_envelope.hpp"

#include <algorithm>
#include <map>

#include "protocol/echoed_text.hpp"

namespace sp::protocol {
namespace {

using nlohmann::json;

const std::map<std::string_view, std::vector<std::string_view>, std::less<>>& field_table() {
  static const std::map<std::string_view, std::vector<std::string_view>, std::less<>> kFields = {
#include "protocol/request_fields.inc"
  };
  return kFields;
}

Unexpected<EnvelopeError> refuse(ErrorCode code, std::string message, json id = nullptr, std::string type = {}) {
  return unexpected(EnvelopeError{code, std::move(message), std::move(id), std::move(type)});
}

}  // namespace

Expected<RequestEnvelope, EnvelopeError> decode_request(std::string_view frame) {
  json body = json::parse(frame, nullptr, /*allow_exceptions=*/false);
  if (body.is_discarded()) return refuse(ErrorCode::kBadJson, "The message is not valid JSON.");
  if (!body.is_object()) return refuse(ErrorCode::kBadRequest, "A message is a JSON object with a \"type\".");
  json id = nullptr;
  if (const auto it = body.find("id"); it != body.end()) {
    const bool ok = it->is_number_integer() || (it->is_string() && it->get_ref<const std::string&>().size() <= 64);
    if (!ok) return refuse(ErrorCode::kBadRequest, "id: a number or a text of at most 64 characters");
    id = *it;
  }
  const auto type_it = body.find("type");
  if (type_it == body.end() || !type_it->is_string()) {
    return refuse(ErrorCode::kBadRequest, "type: the request's name is required", id);
  }
  std::string type = echoed(type_it->get_ref<const std::string&>());
  const auto* fields = request_fields(type_it->get_ref<const std::string&>());
  if (fields == nullptr) return refuse(ErrorCode::kUnknownType, "There is no request called \"" + type + "\".", id, type);
  for (const auto& [name, value] : body.items()) {
    if (std::find(fields->begin(), fields->end(), name) == fields->end()) {
      return refuse(ErrorCode::kUnknownField, "A " + type + " request has no field \"" + echoed(name) + "\".", id, type);
    }
  }
  return RequestEnvelope{std::move(id), std::move(type), std::move(body)};
}

RequestLabel label_request(std::string_view frame) {
  const auto envelope = decode_request(frame);
  if (!envelope) return RequestLabel{RequestId::from_json(envelope.error().id), envelope.error().type};
  return RequestLabel{RequestId::from_json(envelope->id), envelope->type};
}

const std::vector<std::string_view>* request_fields(std::string_view type) {
  const auto& table = field_table();
  const auto it = table.find(type);
  return it == table.end() ? nullptr : &it->second;
}

std::vector<std::string_view> request_types() {
  std::vector<std::string_view> types;
  for (const auto& [type, fields] : field_table()) types.push_back(type);
  return types;
}

}  // namespace sp::protocol
