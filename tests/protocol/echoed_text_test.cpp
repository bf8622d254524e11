#include "protocol/echoed_text.hpp"

#include <doctest/doctest.h>

#include <string>

#include "protocol/engine_json.hpp"
#include "protocol/request_envelope.hpp"

using namespace sp;
using nlohmann::json;

namespace {

// 63 ASCII bytes and a two-byte character: a cut after 64 bytes splits it.
const std::string kStraddling = std::string(63, 'a') + "\xC3\xA9";

// What the server does with a refusal's message: dump() throws on bytes that are not UTF-8.
bool sendable(const std::string& message) {
  try {
    static_cast<void>(json{{"message", message}}.dump());
    return true;
  } catch (const json::exception&) {
    return false;
  }
}

}  // namespace

TEST_CASE("a long text is echoed cut between characters, and marked as cut") {
  CHECK(protocol::echoed(kStraddling) == std::string(63, 'a') + "...");
  CHECK(protocol::echoed(std::string(64, 'b')) == std::string(64, 'b'));
  CHECK(protocol::echoed(std::string(65, 'b')) == std::string(64, 'b') + "...");
  CHECK(protocol::echoed("\xE2\x82\xAC") == "\xE2\x82\xAC");
}

// Each decoder below quoted the first 64 bytes of the name, and the server's
// reply with that message threw type_error 316 instead of being sent (seen
// while writing the fuzz targets' reply check, tests/fuzz/server_decoding.cpp).
TEST_CASE("an unknown option, card or action named by a long text is refused with a message that can be sent") {
  const auto options = protocol::decode_options(json{{kStraddling, true}});
  REQUIRE(!options.has_value());
  CHECK(sendable(options.error().message));

  const auto card = protocol::decode_action(json{{"type", "buy"}, {"card", kStraddling}, {"from", "upper"}});
  REQUIRE(!card.has_value());
  CHECK(card.error().code == "unknown_card");
  CHECK(sendable(card.error().message));

  const auto action = protocol::decode_action(json{{"type", kStraddling}});
  REQUIRE(!action.has_value());
  CHECK(action.error().code == "unknown_action");
  CHECK(sendable(action.error().message));
}

TEST_CASE("an unknown request type or field named by a long text is refused with a message that can be sent") {
  const auto type = protocol::decode_request(json{{"type", kStraddling}}.dump());
  REQUIRE(!type.has_value());
  CHECK(sendable(type.error().message));
  CHECK(sendable(type.error().type));

  const auto field = protocol::decode_request(json{{"type", "logout"}, {kStraddling, 1}}.dump());
  REQUIRE(!field.has_value());
  CHECK(field.error().code == sp::protocol::ErrorCode::kUnknownField);
  CHECK(sendable(field.error().message));
}
