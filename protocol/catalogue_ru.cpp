// Русский: слова ходов и фразы ошибок правил; названия карт — из русских
// правил (seeds/003), как на странице.
#include <string>

#include "protocol/card_names.hpp"
#include "protocol/catalogue.hpp"

namespace sp::protocol {
namespace {

std::string_view word(Word w) {
  switch (w) {
    case Word::kRubles: return "{n} рубль|{n} рубля|{n} рублей";
    case Word::kPoints: return "{n} очко|{n} очка|{n} очков";
    case Word::kCards: return "{n} карта|{n} карты|{n} карт";
    case Word::kIdenticalCards: return "{n} такая же карта|{n} такие же карты|{n} таких же карт";
    case Word::kSeat: return "место {n}";
    case Word::kFromUpper: return "из верхнего ряда";
    case Word::kFromLower: return "из нижнего ряда";
    case Word::kFromDrawn: return "вытянутую «Обсерваторией»";
    case Word::kFromDiscard: return "из сброса";
    case Word::kFromHand: return "с руки";
    case Word::kFromTableau: return "из игровой зоны";
    case Word::kPhaseWorker: return "фаза мастеров";
    case Word::kPhaseBuilding: return "фаза зданий";
    case Word::kPhaseAristocrat: return "фаза чиновников";
    case Word::kPhaseTrading: return "фаза реформ";
    case Word::kScoringWorker: return "Награда за мастеров";
    case Word::kScoringBuilding: return "Награда за здания";
    case Word::kScoringAristocrat: return "Награда за чиновников";
    case Word::kScoringTrading: return "Награда за реформы";
    case Word::kStackWorker: return "из колоды мастеров";
    case Word::kStackBuilding: return "из колоды зданий";
    case Word::kStackAristocrat: return "из колоды чиновников";
    case Word::kStackTrading: return "из колоды реформ";
    case Word::kBought: return "{who} покупает {card} {place} за {rubles}";
    case Word::kDisplacing: return ", заменяя {card}";
    case Word::kTaken: return "{who} берёт {card} {place} на руку";
    case Word::kTakenHidden: return "{who} берёт вытянутую карту на руку";
    case Word::kPlayedAction: return "{who} разыгрывает {card}";
    case Word::kPlayedOn: return " на {card}";
    case Word::kPlayed: return "{who} выкладывает {card} с руки за {rubles}";
    case Word::kPassed: return "{who}: пас";
    case Word::kPassedUntilPhaseEnd: return "{who}: пас до конца фазы";
    case Word::kPassedByFlag: return "{who}: пас (пас до конца фазы)";
    case Word::kPassedForced: return "{who}: пас — больше ничего нельзя было сделать";
    case Word::kPassCancelled: return "{who} отменяет пас до конца фазы";
    case Word::kObservatoryUsed: return "{who} пользуется «Обсерваторией» и тянет {card} {stack}";
    case Word::kObservatoryUsedHidden: return "{who} пользуется «Обсерваторией» и тянет карту {stack}";
    case Word::kDebtorsPrisonUsed: return "{who} пользуется «Долговой ямой», чтобы выбрать карту из сброса";
    case Word::kDiscarded: return "{who} сбрасывает {card} {place}";
    case Word::kPointsBought: return "{who} покупает {points} за {rubles} в «{name}»";
    case Word::kGuildHallSplit: return "{who} делит доход «Гильдии»: {rubles} и {points}";
    case Word::kRublesGained: return "{who} получает {rubles} от {card}";
    case Word::kPhaseScored: return "{scoring}:{gains}";
    case Word::kPhaseScoredNobody: return "{scoring}: никто ничего не получает";
    case Word::kGain: return " {who} {gain}";
    case Word::kGainSeparator: return ",";
    case Word::kDiscScored: return "{who} получает {points} за диск";
    case Word::kDisplayFilled: return "{cards} {stack} выложено на стол";
    case Word::kLastRound: return "; колода кончилась, это последний раунд";
    case Word::kPhaseStarted: return "Раунд {round}, {phase}: первым ходит {who}";
    case Word::kPickpocketPlayed: return "{who} разыгрывает «Кражу»";
    case Word::kPickpocketKept: return "{who} оставляет «Кражу» себе";
    case Word::kDiscardPickGivenUp: return "{who} отказывается от выбора из сброса: брать было нечего";
    case Word::kRoundEnded: return "Раунд {round} окончен";
    case Word::kRoundEndedDiscarded: return "; из нижнего ряда ушло в сброс: {cards}";
    case Word::kCardList: return " ({list})";
    case Word::kRoundEndedMovedDown: return "; в нижний ряд перешли: {list}";
    case Word::kGameEnded: return "Игра окончена";
    case Word::kPricePrinted: return "цена на карте {n}";
    case Word::kPriceDisplaced: return ", -{n} за заменяемую карту «{name}»";
    case Word::kPriceIdentical: return ", -{n} за {cards} в игровой зоне";
    case Word::kPriceLowerRow: return ", -1 за нижний ряд";
    case Word::kPriceDiscount: return ", -{n} благодаря «{name}»";
    case Word::kPriceMinimum: return "; карта всегда стоит не меньше 1 рубля";
    case Word::kPriceTotal: return " = {rubles}";
    case Word::kResigned: return "{who} сдаётся; место до конца играет робот";
    case Word::kAbortProposed: return "{who} предлагает прервать партию";
    case Word::kAbortVoted: return "{who} голосует за то, чтобы прервать партию";
    case Word::kAbortRefused: return "{who} голосует против: партия продолжается";
    case Word::kAbortLapsed: return "Предложение {who} прервать партию истекло: ответили не все";
    case Word::kAborted: return "{who} соглашается последним: партия прервана";
    case Word::kUndone: return "{who} отменяет свой последний ход с согласия всех";
    case Word::kLateAsked: return "Время игрока {who} истекло: остальные решают, что будет с его местом";
    case Word::kLateVotedWait: return "{who} голосует за то, чтобы подождать ещё";
    case Word::kLateVotedRobot: return "{who} голосует за то, чтобы за опоздавшего играл робот";
    case Word::kLateVotedEnd: return "{who} голосует за то, чтобы завершить участие опоздавшего";
    case Word::kLateWaited: return "Игроку {who} дано ещё время";
    case Word::kLateRobot: return "За игрока {who} играет робот, пока тот не вернётся";
    case Word::kLateEnded: return "Участие игрока {who} в партии завершено: до конца его место пасует";
  }
  return {};
}

std::string_view rule_error(engine::RuleErrorCode code) {
  using C = engine::RuleErrorCode;
  switch (code) {
    case C::kGameOver: return "Игра окончена.";
    case C::kNotYourTurn: return "Сейчас не ваш ход.";
    case C::kUnknownSeat: return "Такого места нет.";
    case C::kActionNotAllowedNow: return "Игра сначала ждёт другого решения.";
    case C::kCardNotAvailable: return "Этой карты там нет.";
    case C::kCardNotInHand: return "Этой карты нет у вас на руке.";
    case C::kHandFull: return "У вас полная рука.";
    case C::kCannotAfford: return "Здесь эта карта вам не по карману.";
    case C::kDisplacementRequired: return "Карта реформы должна заменить одну из ваших карт.";
    case C::kInvalidDisplacement: return "Эта карта не может заменить ту.";
    case C::kNoDisplacementTarget: return "У вас нет карты, которую могла бы заменить эта реформа.";
    case C::kNotATradingCard: return "Заменяет другую карту только карта реформы.";
    case C::kActionCardNotBuyable: return "Карты действий «Ассамблеи» берут бесплатно, их не покупают.";
    case C::kActionCardNotPlayable: return "Эту карту действия сейчас нельзя разыграть.";
    case C::kInvalidTarget: return "Эта карта не может быть целью.";
    case C::kNotOwned: return "У вас нет такой карты.";
    case C::kAlreadyUsed: return "Это уже использовано.";
    case C::kWrongPhase: return "Это делается в другой фазе.";
    case C::kStackTooSmall: return "«Обсерватория» не может тянуть последнюю карту колоды.";
    case C::kInvalidAmount: return "Число вне допустимых пределов.";
    case C::kOptionDisabled: return "Настройки этого стола этого не позволяют.";
    case C::kNothingToCancel: return "Нет паса до конца фазы, который можно отменить.";
    case C::kTakenThisDoubleTurn: return "Эту карту взяли во время этого «Двойного хода».";
  }
  return {};
}

constexpr CardName kNames[] = {
#include "protocol/card_names_ru.inc"
};

std::string_view card_name(engine::CardId card) {
  static const std::vector<std::string_view> by_id = card_names_by_id(kNames);
  return by_id.at(card.value);
}

std::string mention(std::string_view name) { return "«" + std::string(name) + "»"; }

// One, few, many: 1, 21 рубль; 2-4, 22-24 рубля; 0, 5-20, 25-30 рублей.
int plural_form(int n) {
  const int abs = n < 0 ? -n : n;
  if (abs % 10 == 1 && abs % 100 != 11) return 0;
  if (abs % 10 >= 2 && abs % 10 <= 4 && (abs % 100 < 12 || abs % 100 > 14)) return 1;
  return 2;
}

}  // namespace

extern const Catalogue kCatalogue_ru;
const Catalogue kCatalogue_ru{Language::kRussian, word, rule_error, card_name, mention, plural_form};

}  // namespace sp::protocol
