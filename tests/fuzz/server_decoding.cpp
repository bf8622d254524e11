#include "tests/fuzz/server_decoding.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "protocol/reply_frames.hpp"
#include "protocol/requests.hpp"

namespace sp::fuzz {
namespace {

void require(bool ok, const char* promise) {
  if (ok) return;
  std::fprintf(stderr, "broken promise: %s\n", promise);
  std::abort();
}

}  // namespace

void decode_like_the_server(std::string_view text) {
  try {
    // The server decodes every frame so (server/requests/requests.cpp).
    const auto request = protocol::decode_client_request(text);
    if (!request) {
      // Every refusal goes out through protocol::encode_error, whose dump()
      // throws on text that is not UTF-8: a message that cuts a character in
      // two escapes here as it would escape the server's write.
      const protocol::RequestError& e = request.error();
      static_cast<void>(protocol::encode_error(e.id, e.type, e.wire_code(), e.message));
      return;
    }
    // What the server keeps of a request comes back as the same request: the
    // table logs an act's action as encode_action(...).dump(), the lobby
    // stores encode_options(...).dump(), both written by this encoder.
    const auto again = protocol::decode_client_request(
        protocol::encode_client_request(request->request, request->id).dump());
    require(again && again->request == request->request && again->id == request->id,
            "an accepted request is decoded again, the same, from its encoding");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "exception: %s\n", e.what());
    require(false, "decoding never throws");
  }
}

}  // namespace sp::fuzz
