// The languages the server speaks to a connection: the one its `hello`
// declares (docs/protocol.md, "Languages"). Rule errors and move words follow
// it; everything else the server says is English.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace sp::protocol {

enum class Language : std::uint8_t { kEnglish, kFrench, kRussian };

// "en", "fr", "ru".
std::string_view to_string(Language language);
// A language tag as a browser sends it ("fr", "fr-CA", "ru-RU", "de"): its
// primary subtag, any case; a language the server does not speak is English.
Language language_of_tag(std::string_view tag);
std::span<const Language> all_languages();

}  // namespace sp::protocol
