// The text encoders' strings (protocol/json_text.hpp) against nlohmann's.
#include "protocol/json_text.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <string>

namespace {

std::string encoded(std::string_view text) {
  std::string out;
  sp::protocol::json_text::append_string(out, text);
  return out;
}

}  // namespace

TEST_CASE("a string is written as the documents write it, quotes, backslashes and all") {
  for (const std::string text : {"", "Ann", "\"", "\\", "Ann \"the\" \\ Smith\\", "Ёжик \u00e9\u00df", "a\x01"
                                 "b\x1f",
                                 "\x7f end"}) {
    CAPTURE(text);
    CHECK(encoded(text) == nlohmann::json(text).dump());
  }
}

TEST_CASE("a control character is escaped so the string reads back the same") {
  // nlohmann writes \n as "\n" and this encoder as "\u000a": other bytes, the
  // same string. Names cannot hold them; the escape must still be valid.
  for (char c = 1; c < 0x20; ++c) {
    const std::string text = std::string("x") + c + "y";
    CAPTURE(static_cast<int>(c));
    CHECK(nlohmann::json::parse(encoded(text)).get<std::string>() == text);
  }
}
