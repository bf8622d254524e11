#include "tests/fuzz/server_decoding.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "protocol/engine_json.hpp"
#include "protocol/reply_frames.hpp"
#include "protocol/request_envelope.hpp"

namespace sp::fuzz {
namespace {

using nlohmann::json;

void require(bool ok, const char* promise) {
  if (ok) return;
  std::fprintf(stderr, "broken promise: %s\n", promise);
  std::abort();
}

// The server sends every refusal through protocol::encode_error. Its dump()
// throws on text that is not UTF-8, so a message that cuts a character in two
// escapes here as it would escape the server's write.
void refuse(const json& id, const std::string& type, std::string_view code, const std::string& message) {
  static_cast<void>(protocol::encode_error(id, type, code, message));
}

// The table decodes the action (server/table/table.cpp), logs it as
// encode_action(...).dump() and replays it from that text.
void decode_action_like_the_table(const protocol::RequestEnvelope& request) {
  const auto it = request.body.find("action");
  if (it == request.body.end() || !it->is_object()) return;  // refused before decoding (server/requests/play_requests.cpp)
  const auto action = protocol::decode_action(*it);
  if (!action) return refuse(request.id, request.type, action.error().code, "action." + action.error().message);
  const auto replayed = protocol::decode_action(json::parse(protocol::encode_action(*action).dump()));
  require(replayed && *replayed == *action, "an accepted action is decoded again from what the table logs");
}

// create_table decodes the options, or the defaults when none are given
// (server/requests/lobby_requests.cpp), and stores encode_options(...).dump().
void decode_options_like_the_lobby(const protocol::RequestEnvelope& request) {
  const json options_json = request.body.contains("options") ? request.body.at("options") : json::object();
  const auto options = protocol::decode_options(options_json);
  if (!options) return refuse(request.id, request.type, protocol::to_string(protocol::ErrorCode::kBadRequest),
                                options.error().message);
  const auto stored = protocol::decode_options(json::parse(protocol::encode_options(*options).dump()));
  require(stored && *stored == *options, "accepted options are decoded again from what the lobby stores");
}

}  // namespace

void decode_like_the_server(std::string_view text) {
  try {
    const auto request = protocol::decode_request(text);
    if (!request) {
      const protocol::EnvelopeError& e = request.error();
      return refuse(e.id, e.type, protocol::to_string(e.code), e.message);
    }
    if (request->type == "act") decode_action_like_the_table(*request);
    if (request->type == "create_table") decode_options_like_the_lobby(*request);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "exception: %s\n", e.what());
    require(false, "decoding never throws");
  }
}

}  // namespace sp::fuzz
