#include "protocol/language.hpp"

#include <array>
#include <cctype>
#include <string>

#include "protocol/language_list.hpp"

namespace sp::protocol {
namespace {

// kLanguageCodes: the codes of web/i18n/languages.js, English first.
#include "protocol/languages.inc"

static_assert(kLanguageCodes.size() == kLanguageCount,
              "web/i18n/languages.js and Language differ: give each language of the list its enumerator, in the "
              "list's order, and make kLanguageCount (language_list.hpp) count the last");

constexpr std::array<Language, kLanguageCount> kAll = [] {
  std::array<Language, kLanguageCount> all{};
  for (std::size_t i = 0; i < kLanguageCount; ++i) all[i] = static_cast<Language>(i);
  return all;
}();

}  // namespace

std::string_view to_string(Language language) { return kLanguageCodes.at(static_cast<std::size_t>(language)); }

std::optional<Language> language_of_code(std::string_view code) {
  for (const Language language : kAll) {
    if (code == to_string(language)) return language;
  }
  return std::nullopt;
}

Language language_of_tag(std::string_view tag) {
  std::string primary;
  for (const char c : tag) {
    if (c == '-' || c == '_') break;
    primary += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return language_of_code(primary).value_or(Language::kEnglish);
}

std::span<const Language> all_languages() { return kAll; }

std::string language_codes_in_words() {
  std::string words;
  for (std::size_t i = 0; i < kLanguageCount; ++i) {
    if (i > 0) words += i + 1 == kLanguageCount ? " or " : ", ";
    words += kLanguageCodes[i];
  }
  return words;
}

}  // namespace sp::protocol
