// The site's one list of languages (web/i18n/languages.js, read by the
// build): every Language is a code of that list, in its order, and the page,
// the server's catalogues and the mail texts each have every one of them
// (language.cpp fails to compile when the list and Language differ).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/language.hpp"

namespace sp::protocol {

inline constexpr std::size_t kLanguageCount = static_cast<std::size_t>(Language::kRussian) + 1;

// A language of the list by its code, exactly as listed; nothing for any other.
std::optional<Language> language_of_code(std::string_view code);
// The codes in words, for a refusal: "en, fr or ru".
std::string language_codes_in_words();

}  // namespace sp::protocol
