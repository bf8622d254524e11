#include "protocol/language.hpp"

#include <array>
#include <cctype>
#include <string>

namespace sp::protocol {

std::string_view to_string(Language language) {
  switch (language) {
    case Language::kEnglish: return "en";
    case Language::kFrench: return "fr";
    case Language::kRussian: return "ru";
  }
  return "en";
}

Language language_of_tag(std::string_view tag) {
  std::string primary;
  for (const char c : tag) {
    if (c == '-' || c == '_') break;
    primary += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  for (const Language language : all_languages()) {
    if (primary == to_string(language)) return language;
  }
  return Language::kEnglish;
}

std::span<const Language> all_languages() {
  static constexpr std::array kAll{Language::kEnglish, Language::kFrench, Language::kRussian};
  return kAll;
}

}  // namespace sp::protocol
