// What the server does with one text message before a handler runs: the
// envelope, then for "act" and "create_table" the decoders of the action and
// the options, and the reply frame a refusal becomes. Both fuzz targets end
// here, so the WebSocket target reaches the same code as the request target.
#pragma once

#include <string_view>

namespace sp::fuzz {

// Aborts when the decoders break a promise: an exception escapes, a refusal
// could not be sent, or an accepted action or option set does not come back as
// itself from the form the server stores.
void decode_like_the_server(std::string_view text);

}  // namespace sp::fuzz
