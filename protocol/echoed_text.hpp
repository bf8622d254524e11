// Client text quoted back in a refusal (an unknown type, field, card, action
// or option name) is bounded, and cut only between characters: the server
// writes every reply with nlohmann's dump(), which throws on a character cut
// in two, and the exception would end the server.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace sp::protocol {

inline constexpr std::size_t kMaxEchoedBytes = 64;

// `text` is valid UTF-8 (it came out of a parsed JSON text). A text longer
// than kMaxEchoedBytes comes back as its longest whole-character prefix that
// fits, followed by "...".
std::string echoed(std::string_view text);

}  // namespace sp::protocol
