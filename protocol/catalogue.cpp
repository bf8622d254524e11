#include "protocol/catalogue.hpp"

#include <algorithm>
#include <array>

namespace sp::protocol {

// kCatalogues: kCatalogue_<code> of each catalogue_<code>.cpp, in the order of
// the site's list (a language without its file fails to link).
#include "protocol/catalogues.inc"

const Catalogue& catalogue(Language language) { return *kCatalogues[static_cast<std::size_t>(language)]; }

std::string fill(std::string_view text, std::initializer_list<std::pair<std::string_view, std::string>> values) {
  std::string out;
  out.reserve(text.size() + 32);
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t open = text.find('{', i);
    if (open == std::string_view::npos) break;
    const std::size_t close = text.find('}', open);
    if (close == std::string_view::npos) break;
    out.append(text.substr(i, open - i));
    const std::string_view name = text.substr(open + 1, close - open - 1);
    const auto* value = std::find_if(values.begin(), values.end(), [&](const auto& v) { return v.first == name; });
    if (value != values.end()) out += value->second;
    else out.append(text.substr(open, close - open + 1));
    i = close + 1;
  }
  out.append(text.substr(std::min(i, text.size())));
  return out;
}

std::string counted(const Catalogue& words, Word word, int n) {
  std::string_view forms = words.word(word);
  for (int form = words.plural_form(n); form > 0; --form) {
    const std::size_t bar = forms.find('|');
    if (bar == std::string_view::npos) break;
    forms.remove_prefix(bar + 1);
  }
  return fill(forms.substr(0, forms.find('|')), {{"n", std::to_string(n)}});
}

std::string mention(const Catalogue& words, engine::CardId card) { return words.mention(words.card_name(card)); }

std::string rule_error_message(const engine::RuleError& error, Language language) {
  const Catalogue& words = catalogue(language);
  if (words.rule_error == nullptr) return error.message;
  return std::string(words.rule_error(error.code));
}

std::span<const engine::RuleErrorCode> all_rule_error_codes() {
  using C = engine::RuleErrorCode;
  static constexpr std::array kAll{C::kGameOver, C::kNotYourTurn, C::kUnknownSeat, C::kActionNotAllowedNow,
                                   C::kCardNotAvailable, C::kCardNotInHand, C::kHandFull, C::kCannotAfford,
                                   C::kDisplacementRequired, C::kInvalidDisplacement, C::kNoDisplacementTarget,
                                   C::kNotATradingCard, C::kActionCardNotBuyable, C::kActionCardNotPlayable,
                                   C::kInvalidTarget, C::kNotOwned, C::kAlreadyUsed, C::kWrongPhase,
                                   C::kStackTooSmall, C::kInvalidAmount, C::kOptionDisabled, C::kNothingToCancel,
                                   C::kTakenThisDoubleTurn};
  static_assert(kAll.size() == static_cast<std::size_t>(C::kTakenThisDoubleTurn) + 1);
  return kAll;
}

}  // namespace sp::protocol
