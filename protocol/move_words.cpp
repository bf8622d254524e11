#include "protocol/move_words.hpp"

#include "protocol/catalogue.hpp"

namespace sp::protocol {
namespace {

using engine::CardId;
using engine::Source;

Word place(Source source) {
  switch (source) {
    case Source::kUpper: return Word::kFromUpper;
    case Source::kLower: return Word::kFromLower;
    case Source::kDrawn: return Word::kFromDrawn;
    case Source::kDiscard: return Word::kFromDiscard;
    case Source::kHand: return Word::kFromHand;
    case Source::kTableau: return Word::kFromTableau;
  }
  return Word::kFromTableau;
}

Word stack(engine::Deck deck) {
  switch (deck) {
    case engine::Deck::kWorker: return Word::kStackWorker;
    case engine::Deck::kBuilding: return Word::kStackBuilding;
    case engine::Deck::kAristocrat: return Word::kStackAristocrat;
    case engine::Deck::kTrading: return Word::kStackTrading;
  }
  return Word::kStackWorker;
}

Word phase(engine::Phase p) {
  switch (p) {
    case engine::Phase::kWorker: return Word::kPhaseWorker;
    case engine::Phase::kBuilding: return Word::kPhaseBuilding;
    case engine::Phase::kAristocrat: return Word::kPhaseAristocrat;
    case engine::Phase::kTrading:
    case engine::Phase::kFinished: return Word::kPhaseTrading;
  }
  return Word::kPhaseTrading;
}

Word scoring(engine::Phase p) {
  switch (p) {
    case engine::Phase::kWorker: return Word::kScoringWorker;
    case engine::Phase::kBuilding: return Word::kScoringBuilding;
    case engine::Phase::kAristocrat: return Word::kScoringAristocrat;
    case engine::Phase::kTrading:
    case engine::Phase::kFinished: return Word::kScoringTrading;
  }
  return Word::kScoringTrading;
}

// Words for one event as engine::event_for let the viewer see it.
class Sentences {
 public:
  Sentences(const Speaker& speaker, bool drawn_card_hidden)
      : s_(speaker), w_(catalogue(speaker.language)), drawn_card_hidden_(drawn_card_hidden) {}

  std::string operator()(const engine::CardBought& e) const {
    return say(Word::kBought, {{"who", who(e.seat)}, {"card", card(e.card)}, {"place", say(place(e.from))},
                               {"rubles", rubles(e.price)}}) +
           displacing(e.displaced);
  }
  std::string operator()(const engine::CardTaken& e) const {
    if (drawn_card_hidden_) return say(Word::kTakenHidden, {{"who", who(e.seat)}});
    return say(Word::kTaken, {{"who", who(e.seat)}, {"card", card(e.card)}, {"place", say(place(e.from))}});
  }
  std::string operator()(const engine::CardPlayed& e) const {
    if (engine::spec(e.card).is_action_card()) {
      std::string out = say(Word::kPlayedAction, {{"who", who(e.seat)}, {"card", card(e.card)}});
      if (e.target) out += say(Word::kPlayedOn, {{"card", card(*e.target)}});
      return out;
    }
    return say(Word::kPlayed, {{"who", who(e.seat)}, {"card", card(e.card)}, {"rubles", rubles(e.price)}}) +
           displacing(e.displaced);
  }
  std::string operator()(const engine::Passed& e) const {
    switch (e.kind) {
      case engine::PassKind::kChosen:
        return say(e.until_phase_end ? Word::kPassedUntilPhaseEnd : Word::kPassed, {{"who", who(e.seat)}});
      case engine::PassKind::kUntilPhaseEnd: return say(Word::kPassedByFlag, {{"who", who(e.seat)}});
      case engine::PassKind::kForced: return say(Word::kPassedForced, {{"who", who(e.seat)}});
    }
    return say(Word::kPassed, {{"who", who(e.seat)}});
  }
  std::string operator()(const engine::PassUntilPhaseEndCancelled& e) const {
    return say(Word::kPassCancelled, {{"who", who(e.seat)}});
  }
  std::string operator()(const engine::ObservatoryUsed& e) const {
    if (drawn_card_hidden_) return say(Word::kObservatoryUsedHidden, {{"who", who(e.seat)}, {"stack", say(stack(e.stack))}});
    return say(Word::kObservatoryUsed, {{"who", who(e.seat)}, {"card", card(e.drawn)}, {"stack", say(stack(e.stack))}});
  }
  std::string operator()(const engine::DebtorsPrisonUsed& e) const {
    return say(Word::kDebtorsPrisonUsed, {{"who", who(e.seat)}});
  }
  std::string operator()(const engine::CardDiscarded& e) const {
    return say(Word::kDiscarded, {{"who", who(e.seat)}, {"card", card(e.card)}, {"place", say(place(e.from))}});
  }
  std::string operator()(const engine::PointsBought& e) const {
    return say(Word::kPointsBought, {{"who", who(e.seat)}, {"points", points(e.points)}, {"rubles", rubles(e.rubles)},
                                     {"name", std::string(w_.card_name(e.with))}});
  }
  std::string operator()(const engine::GuildHallSplitChosen& e) const {
    return say(Word::kGuildHallSplit, {{"who", who(e.seat)}, {"rubles", rubles(e.rubles)}, {"points", points(e.points)}});
  }
  std::string operator()(const engine::RublesGained& e) const {
    return say(Word::kRublesGained, {{"who", who(e.seat)}, {"rubles", rubles(e.rubles)}, {"card", card(e.from_card)}});
  }
  std::string operator()(const engine::PhaseScored& e) const {
    std::string gains;
    for (std::size_t seat = 0; seat < s_.names.size() && seat < e.gains.size(); ++seat) {
      const engine::Gain& g = e.gains[seat];
      if (g.rubles == 0 && g.points == 0) continue;
      std::string gain;
      if (g.rubles != 0) gain += "+" + rubles(g.rubles);
      if (g.points != 0) gain += std::string(gain.empty() ? "" : " ") + "+" + points(g.points);
      if (!gains.empty()) gains += say(Word::kGainSeparator);
      gains += say(Word::kGain, {{"who", who(engine::Seat{static_cast<std::uint8_t>(seat)})}, {"gain", gain}});
    }
    const std::string scored = say(scoring(e.phase));
    if (gains.empty()) return say(Word::kPhaseScoredNobody, {{"scoring", scored}});
    return say(Word::kPhaseScored, {{"scoring", scored}, {"gains", gains}});
  }
  std::string operator()(const engine::DiscScored& e) const {
    return say(Word::kDiscScored, {{"who", who(e.seat)}, {"points", points(e.points)}});
  }
  std::string operator()(const engine::DisplayFilled& e) const {
    std::string out = say(Word::kDisplayFilled, {{"cards", counted(w_, Word::kCards, e.cards)}, {"stack", say(stack(e.deck))}});
    if (e.starts_last_round) out += say(Word::kLastRound);
    return out;
  }
  std::string operator()(const engine::PhaseStarted& e) const {
    return say(Word::kPhaseStarted,
               {{"round", std::to_string(e.round)}, {"phase", say(phase(e.phase))}, {"who", who(e.starting_seat)}});
  }
  std::string operator()(const engine::PickpocketAnswered& e) const {
    return say(e.played ? Word::kPickpocketPlayed : Word::kPickpocketKept, {{"who", who(e.seat)}});
  }
  std::string operator()(const engine::DiscardPickGivenUp& e) const {
    return say(Word::kDiscardPickGivenUp, {{"who", who(e.seat)}});
  }
  std::string operator()(const engine::RoundEnded& e) const {
    std::string out = say(Word::kRoundEnded, {{"round", std::to_string(e.round)}});
    if (e.discarded_from_lower_row > 0) {
      out += say(Word::kRoundEndedDiscarded, {{"cards", counted(w_, Word::kCards, e.discarded_from_lower_row)}});
      if (!e.discarded.empty()) out += say(Word::kCardList, {{"list", names(e.discarded)}});
    }
    if (!e.moved_down.empty()) out += say(Word::kRoundEndedMovedDown, {{"list", names(e.moved_down)}});
    return out;
  }
  std::string operator()(const engine::GameEnded&) const { return say(Word::kGameEnded); }

 private:
  std::string say(Word word, std::initializer_list<std::pair<std::string_view, std::string>> values = {}) const {
    return fill(w_.word(word), values);
  }
  std::string who(engine::Seat seat) const {
    if (seat.value < s_.names.size() && !s_.names[seat.value].empty()) return s_.names[seat.value];
    return say(Word::kSeat, {{"n", std::to_string(seat.value)}});
  }
  std::string card(CardId c) const { return mention(w_, c); }
  // "Market, Pub": the cards' names, as a row lists them.
  template <typename Cards>
  std::string names(const Cards& cards) const {
    std::string out;
    for (const CardId c : cards) out += (out.empty() ? "" : ", ") + std::string(w_.card_name(c));
    return out;
  }
  std::string rubles(int n) const { return counted(w_, Word::kRubles, n); }
  std::string points(int n) const { return counted(w_, Word::kPoints, n); }
  std::string displacing(const std::optional<CardId>& displaced) const {
    return displaced ? say(Word::kDisplacing, {{"card", card(*displaced)}}) : std::string();
  }

  const Speaker& s_;
  const Catalogue& w_;
  const bool drawn_card_hidden_;
};

}  // namespace

std::string describe_event(const engine::Event& event, const Speaker& speaker) {
  const engine::EventView seen = engine::event_for(event, speaker.options, speaker.viewer);
  return std::visit(Sentences(speaker, seen.drawn_card_hidden), seen.event);
}

std::string describe_entry(const engine::LoggedAction& entry, const Speaker& speaker) {
  const Catalogue& w = catalogue(speaker.language);
  const std::string who = entry.seat.value < speaker.names.size() && !speaker.names[entry.seat.value].empty()
                              ? speaker.names[entry.seat.value]
                              : fill(w.word(Word::kSeat), {{"n", std::to_string(entry.seat.value)}});
  Word word = Word::kUndone;
  switch (entry.kind) {
    case engine::LogKind::kResign: word = Word::kResigned; break;
    case engine::LogKind::kAbortProposed: word = Word::kAbortProposed; break;
    case engine::LogKind::kAbortVoted: word = Word::kAbortVoted; break;
    case engine::LogKind::kAbortRefused: word = Word::kAbortRefused; break;
    case engine::LogKind::kAbortLapsed: word = Word::kAbortLapsed; break;
    case engine::LogKind::kAborted: word = Word::kAborted; break;
    case engine::LogKind::kLateAsked: word = Word::kLateAsked; break;
    case engine::LogKind::kLateVotedWait: word = Word::kLateVotedWait; break;
    case engine::LogKind::kLateVotedRobot: word = Word::kLateVotedRobot; break;
    case engine::LogKind::kLateVotedEnd: word = Word::kLateVotedEnd; break;
    case engine::LogKind::kLateWaited: word = Word::kLateWaited; break;
    case engine::LogKind::kLateRobot: word = Word::kLateRobot; break;
    case engine::LogKind::kLateEnded: word = Word::kLateEnded; break;
    case engine::LogKind::kUndo:
    case engine::LogKind::kAction: word = Word::kUndone; break;
  }
  return fill(w.word(word), {{"who", who}});
}

std::string describe_price(const engine::PriceBreakdown& p, Language language) {
  const Catalogue& w = catalogue(language);
  const auto name = [&](CardId card) { return std::string(w.card_name(card)); };
  std::string out = fill(w.word(Word::kPricePrinted), {{"n", std::to_string(p.printed_cost)}});
  if (p.displaced) {
    out += fill(w.word(Word::kPriceDisplaced), {{"n", std::to_string(p.displaced_value)}, {"name", name(*p.displaced)}});
  }
  if (p.identical_owned > 0) {
    out += fill(w.word(Word::kPriceIdentical), {{"n", std::to_string(p.identical_owned)},
                                                {"cards", counted(w, Word::kIdenticalCards, p.identical_owned)}});
  }
  if (p.lower_row) out += w.word(Word::kPriceLowerRow);
  for (const engine::PriceDiscount& d : p.discounts) {
    out += fill(w.word(Word::kPriceDiscount), {{"n", std::to_string(d.rubles)}, {"name", name(d.card)}});
  }
  if (p.minimum_applied) out += w.word(Word::kPriceMinimum);
  return out + fill(w.word(Word::kPriceTotal), {{"rubles", counted(w, Word::kRubles, p.price)}});
}

}  // namespace sp::protocol
