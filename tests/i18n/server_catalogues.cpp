// Prints the server's catalogues as JSON for tests/i18n/check_languages.mjs,
// which holds them against the site's list of languages and the page's
// catalogues: for each language the server speaks, its move words (by the
// Word's number), the plural form it picks for 0 to 200, its rule errors'
// sentences, its card names, and its mail texts.
#include <iostream>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/card.hpp"
#include "engine/rule_error.hpp"
#include "protocol/catalogue.hpp"
#include "protocol/language_list.hpp"
#include "server/notices/mail_texts.hpp"

namespace {

using nlohmann::json;
using namespace sp::protocol;

json words_of(const Catalogue& words) {
  json out = json::object();
  for (int i = 0; i < kWordCount; ++i) out[std::to_string(i)] = std::string(words.word(static_cast<Word>(i)));
  return out;
}

json plural_forms_of(const Catalogue& words) {
  json out = json::array();
  for (int n = 0; n <= 200; ++n) out.push_back(words.plural_form(n));
  return out;
}

// English has none: the engine's own sentences are its catalogue.
json rule_errors_of(const Catalogue& words) {
  json out = json::object();
  if (words.rule_error == nullptr) return out;
  for (const auto code : all_rule_error_codes()) {
    out[std::string(sp::engine::to_string(code))] = std::string(words.rule_error(code));
  }
  return out;
}

json card_names_of(const Catalogue& words) {
  json out = json::object();
  for (int i = 0; i < sp::engine::card_count(); ++i) {
    const sp::engine::CardId card{static_cast<decltype(sp::engine::CardId::value)>(i)};
    out[std::string(sp::engine::spec(card).id)] = std::string(words.card_name(card));
  }
  return out;
}

json mail_texts_of(std::string_view language) {
  json out = json::object();
  for (const std::string_view key : sp::server::mail_text_keys()) {
    out[std::string(key)] = sp::server::mail_text(language, key);
  }
  return out;
}

}  // namespace

int main() {
  json out{{"languages", json::array()}};
  for (const Language language : all_languages()) {
    const std::string code(to_string(language));
    const Catalogue& words = catalogue(language);
    out["languages"].push_back(code);
    out["catalogue"][code] = {{"language", std::string(to_string(words.language))},
                              {"words", words_of(words)},
                              {"plural_forms", plural_forms_of(words)},
                              {"rule_errors", rule_errors_of(words)},
                              {"cards", card_names_of(words)}};
    out["mail"][code] = {{"written", sp::server::mail_language(code)}, {"texts", mail_texts_of(code)}};
  }
  std::cout << out.dump(1) << "\n";
  return 0;
}
