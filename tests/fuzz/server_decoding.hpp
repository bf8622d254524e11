// What the server does with one text message before a handler runs: the
// envelope and every field of its request (protocol::decode_client_request),
// and the reply frame a refusal becomes. Both fuzz targets end here, so the
// WebSocket target reaches the same code as the request target.
#pragma once

#include <string_view>

namespace sp::fuzz {

// Aborts when the decoder breaks a promise: an exception escapes, a refusal
// could not be sent, or an accepted request does not come back as itself from
// its encoding (the form in which the server logs actions and stores options).
void decode_like_the_server(std::string_view text);

}  // namespace sp::fuzz
