// The server's words in each language it speaks: the move words
// (move_words.hpp) and the rule errors' sentences, one catalogue file per
// language of the site's list (catalogue_<code>.cpp for each code of
// web/i18n/languages.js). A word is a template with named {placeholders}; a
// counted word holds its plural forms separated by '|', in the order the
// language's plural rule numbers them.
// Card names in the languages other than English are the page's
// (web/i18n/<code>.js; French and Russian from the rulebooks 001 and 003),
// read at build time.
//
// Codes never change with the language: only sentences do.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "engine/card.hpp"
#include "engine/rule_error.hpp"
#include "protocol/language.hpp"

namespace sp::protocol {

enum class Word : std::uint8_t {
  // Counted (plural forms).
  kRubles, kPoints, kCards, kIdenticalCards,
  kSeat,                     // a seat without a name: {n}
  // Places a card comes from: {place}.
  kFromUpper, kFromLower, kFromDrawn, kFromDiscard, kFromHand, kFromTableau,
  // Phases, as a phase start names them: {phase}.
  kPhaseWorker, kPhaseBuilding, kPhaseAristocrat, kPhaseTrading,
  // Scorings, as a phase's scoring names them: {scoring}.
  kScoringWorker, kScoringBuilding, kScoringAristocrat, kScoringTrading,
  // Stacks a card comes from: {stack}.
  kStackWorker, kStackBuilding, kStackAristocrat, kStackTrading,
  // Events.
  kBought, kDisplacing, kTaken, kTakenHidden, kPlayedAction, kPlayedOn, kPlayed,
  kPassed, kPassedUntilPhaseEnd, kPassedByFlag, kPassedForced, kPassCancelled,
  kObservatoryUsed, kObservatoryUsedHidden, kDebtorsPrisonUsed, kDiscarded,
  kPointsBought, kGuildHallSplit, kRublesGained,
  kPhaseScored, kPhaseScoredNobody, kGain, kGainSeparator,
  kDiscScored, kDisplayFilled, kLastRound, kPhaseStarted,
  kPickpocketPlayed, kPickpocketKept, kDiscardPickGivenUp,
  kRoundEnded, kRoundEndedDiscarded, kCardList, kRoundEndedMovedDown, kGameEnded,
  // A price explained (describe_price).
  kPricePrinted, kPriceDisplaced, kPriceIdentical, kPriceLowerRow, kPriceDiscount, kPriceMinimum, kPriceTotal,
  // Log entries that are no action (engine/log_entry.hpp): {who}.
  kResigned, kAbortProposed, kAbortVoted, kAbortRefused, kAbortLapsed, kAborted, kUndone,
  kLateAsked, kLateVotedWait, kLateVotedRobot, kLateVotedEnd, kLateWaited, kLateRobot, kLateEnded,
};
inline constexpr int kWordCount = static_cast<int>(Word::kLateEnded) + 1;

struct Catalogue {
  Language language;
  std::string_view (*word)(Word word);
  // A rule error's sentence; null in English, where the engine's own
  // sentences (naming the cards and sums) are the catalogue.
  std::string_view (*rule_error)(engine::RuleErrorCode code);
  // A card's name as printed in this language.
  std::string_view (*card_name)(engine::CardId card);
  // A card named in a sentence: "a Market", "la carte Marché", "«Рынок»".
  std::string (*mention)(std::string_view name);
  // Which of a counted word's forms goes with n.
  int (*plural_form)(int n);
};

const Catalogue& catalogue(Language language);

// `text` with each {name} replaced by its value; unknown names stay as they are.
std::string fill(std::string_view text, std::initializer_list<std::pair<std::string_view, std::string>> values);
// A counted word for n: "3 rubles", "1 рубль", "5 рублей".
std::string counted(const Catalogue& words, Word word, int n);
std::string mention(const Catalogue& words, engine::CardId card);

// The sentence a connection speaking `language` gets for a refused action.
std::string rule_error_message(const engine::RuleError& error, Language language);

// Every rule error code, in the enum's order.
std::span<const engine::RuleErrorCode> all_rule_error_codes();

}  // namespace sp::protocol
