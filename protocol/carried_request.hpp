// What a node tells another when it carries a client's request to the node
// that plays its table (server/requests/forwarding.hpp, docs/scaling.md,
// "Routing"): who sent it, as JSON, beside the request's own frame.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/language.hpp"

namespace sp::protocol {

// Who a carried request is from: what its handler reads of the connection.
struct CarriedIdentity {
  std::int64_t user_id = 0;
  std::string user_name;
  bool administrator = false;
  bool bot = false;
  Language language = Language::kEnglish;
  std::string client_address;
  std::string remote_address;
};

// One line of JSON (no line break in it).
std::string encode_carried_identity(const CarriedIdentity& identity);
// Nothing when the text is not such an identity.
std::optional<CarriedIdentity> decode_carried_identity(std::string_view text);

// Whether a reply frame is a `result` (not an `error`).
bool is_result_frame(std::string_view frame);

}  // namespace sp::protocol
