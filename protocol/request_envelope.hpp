// A request's envelope: what every request frame shares (a JSON object with a
// "type", an optional "id"), checked before its fields are read
// (decode_client_request in requests.hpp).
//
// The schemas in schema/protocol are closed, and so is the server: a request
// that carries a field its schema does not have is refused with the field's
// name, so a misspelt optional field (move_deadline_hour) is an error rather
// than a silently different request. The fields of each request type come
// from those schemas at build time (embed_request_fields.cmake).
//
// Decoding never throws. Stateless; safe from any thread.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "engine/expected.hpp"
#include "protocol/error_code.hpp"
#include "protocol/request_id.hpp"

namespace sp::protocol {

struct RequestEnvelope {
  nlohmann::json id;    // null when the client sent none
  std::string type;
  nlohmann::json body;  // the whole request object
};

struct EnvelopeError {
  ErrorCode code;       // kBadJson, kBadRequest, kUnknownType or kUnknownField
  std::string message;
  nlohmann::json id;    // the request's id when it could be read, for the reply
  std::string type;     // the request's type when it could be read (at most 64 characters)
};

// Decodes one text frame into a request of a known type with only its fields.
[[nodiscard]] Expected<RequestEnvelope, EnvelopeError> decode_request(std::string_view frame);

// The id and type of a frame, as far as they can be read, for a refusal made
// before the request is decoded (rate_limited).
struct RequestLabel {
  RequestId id;
  std::string type;
};
RequestLabel label_request(std::string_view frame);

// The fields a request type may carry ("type" and "id" included), or nothing
// for an unknown type.
const std::vector<std::string_view>* request_fields(std::string_view type);

// Every request type, in alphabetical order.
std::vector<std::string_view> request_types();

}  // namespace sp::protocol
