// The two replies a request gets exactly one of, written once for every
// sender (the request handlers, the WebSocket session's own refusals):
//   {"type": "result", "id": ..., "request": "...", "data": {...}}
//   {"type": "error",  "id": ..., "request": "...", "code": "...", "message": "..."}
// An id of null (the client sent none) is left out.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/error_code.hpp"
#include "protocol/request_id.hpp"

namespace sp::protocol {

std::string encode_result(const nlohmann::json& id, std::string_view request, nlohmann::json data);
// A result whose data is an object's JSON text already (an act's, written
// after every move without a document); `request` is a request type's word.
// The same bytes as encode_result with that object as a document.
std::string encode_result_text(const nlohmann::json& id, std::string_view request, std::string_view data);
// The data of an act's result, {"duplicate": ..., "move_number": ...}, as text.
std::string act_result_data(std::int64_t move_number, bool duplicate);
// `code` is an ErrorCode's, a rule error's or a decode error's wire string.
std::string encode_error(const nlohmann::json& id, std::string_view request, std::string_view code,
                         std::string_view message);
inline std::string encode_error(const nlohmann::json& id, std::string_view request, ErrorCode code,
                                std::string_view message) {
  return encode_error(id, request, to_string(code), message);
}

// A result whose data (an object's text) also carries `update`, a
// table_update frame's text as it is (an acknowledged move's own update, for a
// compact client).
std::string encode_result_with_update(const nlohmann::json& id, std::string_view request, std::string_view data,
                                      std::string_view update);

// A result with nothing to tell but that it was done: the empty object.
struct Acknowledged {};
std::string encode_data(const Acknowledged&);

// As the server replies: the request's id as the client gave it.
inline std::string encode_result(const RequestId& id, std::string_view request, nlohmann::json data) {
  return encode_result(id.to_json(), request, std::move(data));
}
inline std::string encode_result_text(const RequestId& id, std::string_view request, std::string_view data) {
  return encode_result_text(id.to_json(), request, data);
}
inline std::string encode_result_with_update(const RequestId& id, std::string_view request, std::string_view data,
                                             std::string_view update) {
  return encode_result_with_update(id.to_json(), request, data, update);
}
inline std::string encode_error(const RequestId& id, std::string_view request, std::string_view code,
                                std::string_view message) {
  return encode_error(id.to_json(), request, code, message);
}
inline std::string encode_error(const RequestId& id, std::string_view request, ErrorCode code,
                                std::string_view message) {
  return encode_error(id.to_json(), request, to_string(code), message);
}

// The messages about a connection's own identity (docs/protocol.md, "Sessions
// and identity"): `reason` is one of the schema's enumerated words.
std::string encode_session_ended(std::string_view reason);
std::string encode_subscriptions_ended(const std::vector<std::int64_t>& tables, std::string_view reason);

}  // namespace sp::protocol
