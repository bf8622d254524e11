#include "protocol/shown_text.hpp"

#include <doctest/doctest.h>

#include <string>

using sp::protocol::unshowable;

TEST_CASE("a name others read holds no control characters") {
  CHECK_FALSE(unshowable("Nevsky Prospect"));
  CHECK_FALSE(unshowable("Невский проспект — 1"));
  CHECK(unshowable("Nevsky\r\nURGENT: log in at evil.test"));
  CHECK(unshowable(std::string("nul\0here", 8)));
  CHECK(unshowable("esc\x1b[31m"));
  CHECK(unshowable("del\x7f"));
  CHECK(unshowable("c1\xc2\x85next line"));          // U+0085, NEXT LINE
  CHECK(unshowable("separator\xe2\x80\xa8here"));    // U+2028
}

TEST_CASE("direction marks are allowed only in pairs") {
  const std::string rlo = "\xe2\x80\xae";  // U+202E RIGHT-TO-LEFT OVERRIDE
  const std::string pdf = "\xe2\x80\xac";  // U+202C POP DIRECTIONAL FORMATTING
  const std::string rli = "\xe2\x81\xa7";  // U+2067 RIGHT-TO-LEFT ISOLATE
  const std::string pdi = "\xe2\x81\xa9";  // U+2069 POP DIRECTIONAL ISOLATE
  CHECK(unshowable("table " + rlo + "gpj.exe"));
  CHECK(unshowable("table " + pdf));
  CHECK(unshowable(rli + "a" + pdf));
  CHECK(unshowable(rlo + rli + "a" + pdf + pdi));
  CHECK_FALSE(unshowable("table " + rlo + "abc" + pdf + " done"));
  CHECK_FALSE(unshowable(rli + "שלום" + pdi + " " + rlo + rli + "x" + pdi + pdf));
  CHECK_FALSE(unshowable("mark\xe2\x80\x8f only"));  // U+200F RIGHT-TO-LEFT MARK reorders nothing after it
}
