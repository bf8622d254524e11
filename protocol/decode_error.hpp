// A request's field the protocol could not read: a stable code and a sentence
// naming the field. Decoding never throws; it returns one of these.
#pragma once

#include <string>

namespace sp::protocol {

struct DecodeError {
  std::string code;     // "bad_action", "unknown_card", "bad_options", ...
  std::string message;  // names the field: "card: there is no card called \"dragon\""
};

}  // namespace sp::protocol
