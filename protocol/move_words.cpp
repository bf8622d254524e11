#include "protocol/move_words.hpp"

#include <cctype>

namespace sp::protocol {
namespace {

using engine::CardId;
using engine::Source;

std::string name_of(CardId card) { return std::string(engine::spec(card).name); }

std::string count(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 || n == -1 ? one : many);
}

std::string rubles(int n) { return count(n, "ruble", "rubles"); }
std::string points(int n) { return count(n, "point", "points"); }

std::string place(Source source) {
  switch (source) {
    case Source::kUpper: return "the upper row";
    case Source::kLower: return "the lower row";
    case Source::kDrawn: return "the Observatory's draw";
    case Source::kDiscard: return "the discard pile";
    case Source::kHand: return "the hand";
    case Source::kTableau: return "the tableau";
  }
  return "somewhere";
}

// Words for one event as engine::event_for let the viewer see it.
class Sentences {
 public:
  Sentences(const Speaker& speaker, bool drawn_card_hidden) : s_(speaker), drawn_card_hidden_(drawn_card_hidden) {}

  std::string who(engine::Seat seat) const {
    if (seat.value < s_.names.size() && !s_.names[seat.value].empty()) return s_.names[seat.value];
    return "seat " + std::to_string(seat.value);
  }

  std::string operator()(const engine::CardBought& e) const {
    std::string out = who(e.seat) + " bought " + card_with_article(e.card) + " from " + place(e.from) + " for " +
                      rubles(e.price);
    if (e.displaced) out += ", displacing " + card_with_article(*e.displaced);
    return out;
  }
  std::string operator()(const engine::CardTaken& e) const {
    if (drawn_card_hidden_) return who(e.seat) + " took the drawn card into the hand";
    return who(e.seat) + " took " + card_with_article(e.card) + " from " + place(e.from) + " into the hand";
  }
  std::string operator()(const engine::CardPlayed& e) const {
    if (engine::spec(e.card).is_action_card()) {
      std::string out = who(e.seat) + " played " + card_with_article(e.card);
      if (e.target) out += " on " + card_with_article(*e.target);
      return out;
    }
    std::string out = who(e.seat) + " played " + card_with_article(e.card) + " from the hand for " + rubles(e.price);
    if (e.displaced) out += ", displacing " + card_with_article(*e.displaced);
    return out;
  }
  std::string operator()(const engine::Passed& e) const {
    switch (e.kind) {
      case engine::PassKind::kChosen:
        return who(e.seat) + (e.until_phase_end ? " passed until the end of the phase" : " passed");
      case engine::PassKind::kUntilPhaseEnd:
        return who(e.seat) + " passed (passing until the end of the phase)";
      case engine::PassKind::kForced:
        return who(e.seat) + " passed: nothing else was possible";
    }
    return who(e.seat) + " passed";
  }
  std::string operator()(const engine::PassUntilPhaseEndCancelled& e) const {
    return who(e.seat) + " withdrew the pass until the end of the phase";
  }
  std::string operator()(const engine::ObservatoryUsed& e) const {
    const std::string stack = " from the " + std::string(engine::to_string(e.stack)) + " stack";
    if (drawn_card_hidden_) return who(e.seat) + " used the Observatory and drew a card" + stack;
    return who(e.seat) + " used the Observatory and drew " + card_with_article(e.drawn) + stack;
  }
  std::string operator()(const engine::DebtorsPrisonUsed& e) const {
    return who(e.seat) + " used the Debtor's Prison to pick from the discard pile";
  }
  std::string operator()(const engine::CardDiscarded& e) const {
    return who(e.seat) + " discarded " + card_with_article(e.card) + " from " + place(e.from);
  }
  std::string operator()(const engine::PointsBought& e) const {
    return who(e.seat) + " bought " + points(e.points) + " for " + rubles(e.rubles) + " with the " + name_of(e.with);
  }
  std::string operator()(const engine::GuildHallSplitChosen& e) const {
    return who(e.seat) + " set the Guild Hall to " + rubles(e.rubles) + " and " + points(e.points);
  }
  std::string operator()(const engine::RublesGained& e) const {
    return who(e.seat) + " gained " + rubles(e.rubles) + " from " + card_with_article(e.from_card);
  }
  std::string operator()(const engine::PhaseScored& e) const {
    std::string out = "The " + std::string(engine::to_string(e.phase)) + " phase scored:";
    bool any = false;
    for (std::size_t seat = 0; seat < s_.names.size() && seat < e.gains.size(); ++seat) {
      const engine::Gain& g = e.gains[seat];
      if (g.rubles == 0 && g.points == 0) continue;
      out += std::string(any ? "," : "") + " " + who(engine::Seat{static_cast<std::uint8_t>(seat)});
      if (g.rubles != 0) out += " +" + rubles(g.rubles);
      if (g.points != 0) out += " +" + points(g.points);
      any = true;
    }
    return any ? out : out + " nobody gained anything";
  }
  std::string operator()(const engine::DiscScored& e) const {
    return who(e.seat) + " scored " + points(e.points) + " with the disc";
  }
  std::string operator()(const engine::DisplayFilled& e) const {
    std::string out = count(e.cards, "card", "cards") + " from the " + std::string(engine::to_string(e.deck)) +
                      " stack went to the board";
    if (e.starts_last_round) out += "; the stack ran out, so this is the last round";
    return out;
  }
  std::string operator()(const engine::PhaseStarted& e) const {
    return "Round " + std::to_string(e.round) + ", " + std::string(engine::to_string(e.phase)) + " phase: " +
           who(e.starting_seat) + " starts";
  }
  std::string operator()(const engine::PickpocketAnswered& e) const {
    return who(e.seat) + (e.played ? " played the Pickpocket" : " kept the Pickpocket");
  }
  std::string operator()(const engine::DiscardPickGivenUp& e) const {
    return who(e.seat) + " gave up the pick from the discard pile: nothing could be had";
  }
  std::string operator()(const engine::RoundEnded& e) const {
    std::string out = "Round " + std::to_string(e.round) + " ended";
    if (e.discarded_from_lower_row > 0) {
      out += "; " + count(e.discarded_from_lower_row, "card", "cards") + " left the lower row for the discard pile";
    }
    return out;
  }
  std::string operator()(const engine::GameEnded&) const { return "The game is over"; }

 private:
  const Speaker& s_;
  const bool drawn_card_hidden_;
};

}  // namespace

std::string card_with_article(CardId card) {
  const std::string name = name_of(card);
  if (name.empty()) return name;
  const char first = static_cast<char>(std::tolower(static_cast<unsigned char>(name[0])));
  const bool vowel = first == 'a' || first == 'e' || first == 'i' || first == 'o' || first == 'u';
  return (vowel ? "an " : "a ") + name;
}

std::string describe_event(const engine::Event& event, const Speaker& speaker) {
  const engine::EventView seen = engine::event_for(event, speaker.options, speaker.viewer);
  return std::visit(Sentences(speaker, seen.drawn_card_hidden), seen.event);
}

std::string describe_price(const engine::PriceBreakdown& p) {
  std::string out = "printed cost " + std::to_string(p.printed_cost);
  if (p.displaced) {
    out += ", -" + std::to_string(p.displaced_value) + " for the displaced " + name_of(*p.displaced);
  }
  if (p.identical_owned > 0) {
    out += ", -" + std::to_string(p.identical_owned) + " for " + std::to_string(p.identical_owned) +
           " identical card" + (p.identical_owned == 1 ? "" : "s") + " already owned";
  }
  if (p.lower_row) out += ", -1 from the lower row";
  for (const engine::PriceDiscount& d : p.discounts) {
    out += ", -" + std::to_string(d.rubles) + " for the " + name_of(d.card);
  }
  if (p.minimum_applied) out += "; a card always costs at least 1 ruble";
  return out + " = " + rubles(p.price);
}

}  // namespace sp::protocol
