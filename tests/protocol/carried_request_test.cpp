#include "protocol/carried_request.hpp"

#include <doctest/doctest.h>

using namespace sp::protocol;

// A request carried to another node keeps who sent it (docs/scaling.md,
// "Routing"), on one line, since the frame follows it in the notification.
TEST_CASE("a carried request's identity comes back as it went, on one line") {
  const CarriedIdentity ann{42, "Ann\nof the line", true, false, Language::kRussian, "10.0.0.7", "10.0.0.7:5512"};
  const std::string text = encode_carried_identity(ann);
  CHECK(text.find('\n') == std::string::npos);
  const auto back = decode_carried_identity(text);
  REQUIRE(back);
  CHECK(back->user_id == 42);
  CHECK(back->user_name == "Ann\nof the line");
  CHECK(back->administrator);
  CHECK_FALSE(back->bot);
  CHECK(back->language == Language::kRussian);
  CHECK(back->client_address == "10.0.0.7");
  CHECK(back->remote_address == "10.0.0.7:5512");
}

TEST_CASE("a carried identity that names nobody is refused") {
  CHECK_FALSE(decode_carried_identity("not json"));
  CHECK_FALSE(decode_carried_identity(R"({"user": 1})"));
  CHECK_FALSE(decode_carried_identity(R"({"user": "1", "name": "a", "admin": false, "bot": false,
                                          "language": "en", "address": "", "remote": ""})"));
}

TEST_CASE("a reply frame is a result or an error") {
  CHECK(is_result_frame(R"({"type":"result","request":"act","data":{}})"));
  CHECK_FALSE(is_result_frame(R"({"type":"error","request":"act","code":"not_your_turn","message":"."})"));
  CHECK_FALSE(is_result_frame("{"));
}
