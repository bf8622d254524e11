// English: the move words as `spb admin replay` has always printed them. The
// rule errors' English sentences are the engine's own (engine/*.cpp).
#include <cctype>
#include <string>

#include "protocol/catalogue.hpp"

namespace sp::protocol {
namespace {

std::string_view word(Word w) {
  switch (w) {
    case Word::kRubles: return "{n} ruble|{n} rubles";
    case Word::kPoints: return "{n} point|{n} points";
    case Word::kCards: return "{n} card|{n} cards";
    case Word::kIdenticalCards: return "{n} identical card|{n} identical cards";
    case Word::kSeat: return "seat {n}";
    case Word::kFromUpper: return "the upper row";
    case Word::kFromLower: return "the lower row";
    case Word::kFromDrawn: return "the Observatory's draw";
    case Word::kFromDiscard: return "the discard pile";
    case Word::kFromHand: return "the hand";
    case Word::kFromTableau: return "the tableau";
    case Word::kPhaseWorker: return "worker";
    case Word::kPhaseBuilding: return "building";
    case Word::kPhaseAristocrat: return "aristocrat";
    case Word::kPhaseTrading: return "trading";
    case Word::kScoringWorker: return "The worker phase scored";
    case Word::kScoringBuilding: return "The building phase scored";
    case Word::kScoringAristocrat: return "The aristocrat phase scored";
    case Word::kScoringTrading: return "The trading phase scored";
    case Word::kStackWorker: return "from the worker stack";
    case Word::kStackBuilding: return "from the building stack";
    case Word::kStackAristocrat: return "from the aristocrat stack";
    case Word::kStackTrading: return "from the trading stack";
    case Word::kBought: return "{who} bought {card} from {place} for {rubles}";
    case Word::kDisplacing: return ", displacing {card}";
    case Word::kTaken: return "{who} took {card} from {place} into the hand";
    case Word::kTakenHidden: return "{who} took the drawn card into the hand";
    case Word::kPlayedAction: return "{who} played {card}";
    case Word::kPlayedOn: return " on {card}";
    case Word::kPlayed: return "{who} played {card} from the hand for {rubles}";
    case Word::kPassed: return "{who} passed";
    case Word::kPassedUntilPhaseEnd: return "{who} passed until the end of the phase";
    case Word::kPassedByFlag: return "{who} passed (passing until the end of the phase)";
    case Word::kPassedForced: return "{who} passed: nothing else was possible";
    case Word::kPassCancelled: return "{who} withdrew the pass until the end of the phase";
    case Word::kObservatoryUsed: return "{who} used the Observatory and drew {card} {stack}";
    case Word::kObservatoryUsedHidden: return "{who} used the Observatory and drew a card {stack}";
    case Word::kDebtorsPrisonUsed: return "{who} used the Debtor's Prison to pick from the discard pile";
    case Word::kDiscarded: return "{who} discarded {card} from {place}";
    case Word::kPointsBought: return "{who} bought {points} for {rubles} with the {name}";
    case Word::kGuildHallSplit: return "{who} set the Guild Hall to {rubles} and {points}";
    case Word::kRublesGained: return "{who} gained {rubles} from {card}";
    case Word::kPhaseScored: return "{scoring}:{gains}";
    case Word::kPhaseScoredNobody: return "{scoring}: nobody gained anything";
    case Word::kGain: return " {who} {gain}";
    case Word::kGainSeparator: return ",";
    case Word::kDiscScored: return "{who} scored {points} with the disc";
    case Word::kDisplayFilled: return "{cards} {stack} went to the board";
    case Word::kLastRound: return "; the stack ran out, so this is the last round";
    case Word::kPhaseStarted: return "Round {round}, {phase} phase: {who} starts";
    case Word::kPickpocketPlayed: return "{who} played the Pickpocket";
    case Word::kPickpocketKept: return "{who} kept the Pickpocket";
    case Word::kDiscardPickGivenUp: return "{who} gave up the pick from the discard pile: nothing could be had";
    case Word::kRoundEnded: return "Round {round} ended";
    case Word::kRoundEndedDiscarded: return "; {cards} left the lower row for the discard pile";
    case Word::kCardList: return ": {list}";
    case Word::kRoundEndedMovedDown: return "; moved down to the lower row: {list}";
    case Word::kGameEnded: return "The game is over";
    case Word::kPricePrinted: return "printed cost {n}";
    case Word::kPriceDisplaced: return ", -{n} for the displaced {name}";
    case Word::kPriceIdentical: return ", -{n} for {cards} already owned";
    case Word::kPriceLowerRow: return ", -1 from the lower row";
    case Word::kPriceDiscount: return ", -{n} for the {name}";
    case Word::kPriceMinimum: return "; a card always costs at least 1 ruble";
    case Word::kPriceTotal: return " = {rubles}";
    case Word::kResigned: return "{who} resigned; the robot plays the seat to the end";
    case Word::kAbortProposed: return "{who} proposed to abort the game";
    case Word::kAbortVoted: return "{who} voted to abort the game";
    case Word::kAbortRefused: return "{who} voted against aborting the game; it goes on";
    case Word::kAbortLapsed: return "{who}'s proposal to abort lapsed: not everyone answered in time";
    case Word::kAborted: return "{who} agreed last: the game is aborted";
    case Word::kUndone: return "{who} took back their last action, with everyone's consent";
    case Word::kLateAsked: return "{who}'s time is out: the other players decide what happens to the seat";
    case Word::kLateVotedWait: return "{who} voted to wait longer";
    case Word::kLateVotedRobot: return "{who} voted to let a robot play the late seat";
    case Word::kLateVotedEnd: return "{who} voted to end the late player's part";
    case Word::kLateWaited: return "The table waits longer for {who}";
    case Word::kLateRobot: return "A robot plays {who}'s seat until they take it back";
    case Word::kLateEnded: return "{who}'s part in the game is over: the seat passes to the end";
  }
  return {};
}

std::string_view card_name(engine::CardId card) { return engine::spec(card).name; }

// "a Market", "an Observatory".
std::string with_article(std::string_view name) {
  if (name.empty()) return std::string(name);
  const char first = static_cast<char>(std::tolower(static_cast<unsigned char>(name[0])));
  const bool vowel = first == 'a' || first == 'e' || first == 'i' || first == 'o' || first == 'u';
  return (vowel ? "an " : "a ") + std::string(name);
}

int plural_form(int n) { return n == 1 || n == -1 ? 0 : 1; }

}  // namespace

extern const Catalogue kCatalogue_en;
const Catalogue kCatalogue_en{Language::kEnglish, word, nullptr, card_name, with_article, plural_form};

}  // namespace sp::protocol
