// What the store keeps as JSON text, read back (protocol/stored_text.hpp).
#include "protocol/stored_text.hpp"

#include <doctest/doctest.h>

using namespace sp;

TEST_CASE("a stored entry reads as an action or an entry that is no action") {
  const auto pass = protocol::decode_stored_entry(R"({"type":"pass"})", engine::Seat{2});
  REQUIRE(pass);
  CHECK(pass->seat == engine::Seat{2});
  CHECK(pass->kind == engine::LogKind::kAction);
  CHECK(std::holds_alternative<engine::Pass>(pass->action));
  const auto resign = protocol::decode_stored_entry(R"({"entry":"resign"})", engine::Seat{1});
  REQUIRE(resign);
  CHECK(resign->kind != engine::LogKind::kAction);
}

TEST_CASE("a stored entry that is no JSON is told apart from one that does not decode") {
  const auto garbled = protocol::decode_stored_entry("{\"type\":", engine::Seat{0});
  REQUIRE_FALSE(garbled);
  CHECK(garbled.error().not_json);
  const auto unknown = protocol::decode_stored_entry(R"({"type":"fly"})", engine::Seat{0});
  REQUIRE_FALSE(unknown);
  CHECK_FALSE(unknown.error().not_json);
  CHECK_FALSE(unknown.error().error.message.empty());
}

TEST_CASE("a refusal quotes an entry as one line, its members sorted") {
  CHECK(protocol::quoted_entry(R"({ "type" : "pass" , "a": 1 })") == R"({"a":1,"type":"pass"})");
}

TEST_CASE("stored options read back; a text that is no JSON is no options") {
  const auto options = protocol::decode_stored_options(R"({"public_money":false})");
  REQUIRE(options);
  CHECK_FALSE(options->public_money);
  const auto garbled = protocol::decode_stored_options("nonsense");
  REQUIRE_FALSE(garbled);
  CHECK(garbled.error().message == "options: must be a JSON object");
}
