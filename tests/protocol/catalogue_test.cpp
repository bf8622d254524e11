// The server's catalogues: every word and every rule error in every language,
// with the placeholders English has, the plural forms each language needs,
// and card names from the page's French and Russian catalogues.
#include "protocol/catalogue.hpp"

#include <doctest/doctest.h>

#include <regex>
#include <set>
#include <string>
#include <vector>

#include "protocol/move_words.hpp"

using namespace sp::protocol;
using sp::engine::CardId;

namespace {

std::set<std::string> placeholders(std::string_view text) {
  std::set<std::string> names;
  const std::string s(text);
  static const std::regex kPlaceholder("\\{(\\w+)\\}");
  for (auto it = std::sregex_iterator(s.begin(), s.end(), kPlaceholder); it != std::sregex_iterator(); ++it) {
    names.insert((*it)[1].str());
  }
  return names;
}

std::vector<std::string_view> forms(std::string_view text) {
  std::vector<std::string_view> out;
  for (std::size_t bar; (bar = text.find('|')) != std::string_view::npos; text.remove_prefix(bar + 1)) {
    out.push_back(text.substr(0, bar));
  }
  out.push_back(text);
  return out;
}

// How many plural forms a counted word has in each language.
std::size_t form_count(Language language) { return language == Language::kRussian ? 3 : 2; }

bool is_counted(Word w) {
  return w == Word::kRubles || w == Word::kPoints || w == Word::kCards || w == Word::kIdenticalCards;
}

CardId card(std::string_view id) { return *sp::engine::find_card(id); }

}  // namespace

TEST_CASE("every word is in every language, with English's placeholders and the language's plural forms") {
  const Catalogue& en = catalogue(Language::kEnglish);
  for (const Language language : all_languages()) {
    const Catalogue& words = catalogue(language);
    CHECK(words.language == language);
    for (int i = 0; i < kWordCount; ++i) {
      const auto w = static_cast<Word>(i);
      const std::string_view text = words.word(w);
      CAPTURE(to_string(language));
      CAPTURE(i);
      CHECK_FALSE(text.empty());
      if (is_counted(w)) {
        CHECK(forms(text).size() == form_count(language));
        for (const std::string_view form : forms(text)) CHECK(placeholders(form) == std::set<std::string>{"n"});
      } else {
        CHECK(forms(text).size() == 1);
        CHECK(placeholders(text) == placeholders(en.word(w)));
      }
    }
  }
}

TEST_CASE("every rule error code has a sentence in French and Russian; English keeps the engine's") {
  for (const auto code : all_rule_error_codes()) {
    CAPTURE(sp::engine::to_string(code));
    const sp::engine::RuleError error{code, "The engine's own sentence."};
    CHECK(rule_error_message(error, Language::kEnglish) == "The engine's own sentence.");
    for (const Language language : {Language::kFrench, Language::kRussian}) {
      const std::string sentence = rule_error_message(error, language);
      CHECK_FALSE(sentence.empty());
      CHECK(sentence != error.message);
      CHECK(placeholders(sentence).empty());
    }
  }
  CHECK(rule_error_message({sp::engine::RuleErrorCode::kNotYourTurn, "x"}, Language::kFrench) ==
        "Ce n'est pas à vous de jouer.");
}

TEST_CASE("every card has a name in every language, the French and Russian ones from the rulebooks") {
  for (const Language language : all_languages()) {
    for (int i = 0; i < sp::engine::card_count(); ++i) {
      CHECK_FALSE(catalogue(language).card_name(CardId{static_cast<std::uint8_t>(i)}).empty());
    }
  }
  CHECK(catalogue(Language::kFrench).card_name(card("lumberjack")) == "Bûcheron");
  CHECK(catalogue(Language::kRussian).card_name(card("lumberjack")) == "Лесоруб");
  CHECK(catalogue(Language::kEnglish).card_name(card("lumberjack")) == "Lumberjack");
}

TEST_CASE("counted words take the plural form each language's rule asks for") {
  const Catalogue& ru = catalogue(Language::kRussian);
  CHECK(counted(ru, Word::kRubles, 1) == "1 рубль");
  CHECK(counted(ru, Word::kRubles, 3) == "3 рубля");
  CHECK(counted(ru, Word::kRubles, 5) == "5 рублей");
  CHECK(counted(ru, Word::kRubles, 11) == "11 рублей");
  CHECK(counted(ru, Word::kRubles, 21) == "21 рубль");
  CHECK(counted(ru, Word::kRubles, 24) == "24 рубля");
  const Catalogue& fr = catalogue(Language::kFrench);
  CHECK(counted(fr, Word::kRubles, 0) == "0 rouble");
  CHECK(counted(fr, Word::kRubles, 2) == "2 roubles");
  CHECK(counted(catalogue(Language::kEnglish), Word::kRubles, 0) == "0 rubles");
}

TEST_CASE("moves and prices are worded in the speaker's language") {
  const std::vector<std::string> names{"Ann", "Bob"};
  const sp::engine::Event bought =
      sp::engine::CardBought{sp::engine::Seat{1}, card("market"), sp::engine::Source::kLower, 4, std::nullopt};
  CHECK(describe_event(bought, Speaker{names, {}, sp::engine::Viewer::administrator(), Language::kFrench}) ==
        "Bob achète la carte Marché de la rangée inférieure pour 4 roubles");
  CHECK(describe_event(bought, Speaker{names, {}, sp::engine::Viewer::administrator(), Language::kRussian}) ==
        "Bob покупает «Рынок» из нижнего ряда за 4 рубля");
  sp::engine::PriceBreakdown p;
  p.printed_cost = 5;
  p.lower_row = true;
  p.price = 4;
  CHECK(describe_price(p, Language::kRussian) == "цена на карте 5, -1 за нижний ряд = 4 рубля");
}

TEST_CASE("a language tag picks a language the server speaks, else English") {
  CHECK(language_of_tag("fr") == Language::kFrench);
  CHECK(language_of_tag("FR-ca") == Language::kFrench);
  CHECK(language_of_tag("ru_RU") == Language::kRussian);
  CHECK(language_of_tag("de-DE") == Language::kEnglish);
  CHECK(language_of_tag("") == Language::kEnglish);
  CHECK(language_of_tag("english") == Language::kEnglish);
}
