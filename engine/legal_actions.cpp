#include "engine/legal_actions.hpp"

#include "engine/discard_pick.hpp"
#include "engine/pricing.hpp"
#include "engine/tableau.hpp"

namespace sp::engine {
namespace {

template <typename List>
bool seen_before(const List& list, std::size_t index) {
  for (std::size_t i = 0; i < index; ++i) {
    if (list[i] == list[index]) return true;
  }
  return false;
}

class Enumerator {
 public:
  Enumerator(const GameState& state, Seat seat, LegalActionSink& sink)
      : state_(state), seat_(seat), player_(state.player(seat)), sink_(sink) {}

  // Each step returns false once the sink asked to stop.
  void run() {
    if (state_.is_finished()) return;
    if (player_.passed_until_phase_end && !add(CancelPassUntilPhaseEnd{}, std::nullopt)) return;
    if (seat_ != state_.current) return;
    switch (state_.step) {
      case Step::kActions: turn(); return;
      case Step::kPickpocket:
        if (add(Play{card_with_ability(Ability::kPickpocket), {}, {}}, std::nullopt)) add(Pass{}, std::nullopt);
        return;
      case Step::kDrawnCard: drawn_card(); return;
      case Step::kDiscardPick: discard_pick(); return;
      case Step::kPubPurchase:
        if (pub_points()) add(Pass{}, std::nullopt);
        return;
      case Step::kFinished: return;
    }
  }

 private:
  bool add(const Action& action, std::optional<int> price) { return sink_.add(action, price); }

  bool hand_room() {
    if (!hand_room_) hand_room_ = has_hand_room(player_);
    return *hand_room_;
  }

  int price_of(const PriceQuery& query) {
    if (!prices_) prices_.emplace(player_);
    return prices_->price(query);
  }

  // Placing `card` (buying it or playing it from the hand): once per card it
  // may displace for a trading card, otherwise once; only what the seat affords.
  template <typename MakeAction>
  bool placements(CardId card, bool from_lower_row, MakeAction make) {
    if (!spec(card).trading) {
      const int p = price_of(PriceQuery{card, from_lower_row, std::nullopt});
      return p > player_.rubles || add(make(std::optional<CardId>{}), p);
    }
    std::array<bool, 256> offered{};  // identical targets are one choice
    for (const TableauCard& owned : player_.tableau) {
      const CardId target = owned.card;
      if (offered[target.value] || !can_displace(card, owned)) continue;
      offered[target.value] = true;
      const int p = price_of(PriceQuery{card, from_lower_row, target});
      if (p <= player_.rubles && !add(make(std::optional<CardId>{target}), p)) return false;
    }
    return true;
  }

  bool row(const Row& cards, Source from) {
    const bool room = hand_room();
    for (std::size_t i = 0; i < cards.size(); ++i) {
      if (seen_before(cards, i)) continue;
      const CardId card = cards[i];
      if (!spec(card).is_action_card() &&
          !placements(card, from == Source::kLower,
                      [&](std::optional<CardId> d) { return Buy{card, from, d}; })) {
        return false;
      }
      if (room && !add(Take{card, from}, std::nullopt)) return false;
    }
    return true;
  }

  bool playable_in_double_turn(CardId card) const {
    const int taken = state_.taken_in_double_turn.count_if([card](CardId c) { return c == card; });
    return player_.hand.count_if([card](CardId c) { return c == card; }) > taken;
  }

  bool hand() {
    const Hand& cards = player_.hand;
    for (std::size_t i = 0; i < cards.size(); ++i) {
      if (seen_before(cards, i)) continue;
      const CardId card = cards[i];
      if (!playable_in_double_turn(card)) continue;
      if (spec(card).is_action_card()) {
        if (!action_card(card)) return false;
      } else if (!placements(card, false,
                             [&](std::optional<CardId> d) { return Play{card, d, std::nullopt}; })) {
        return false;
      }
    }
    return true;
  }

  bool action_card(CardId card) {
    switch (spec(card).ability) {
      case Ability::kGoldenDonkey:
      case Ability::kDoubleTurn:
        return add(Play{card, {}, {}}, std::nullopt);
      case Ability::kBlackMarket:
        return !discard_pick_possible(state_, seat_, player_.hand.size() - 1) || add(Play{card, {}, {}}, std::nullopt);
      case Ability::kJester:
      case Ability::kBanquet: {
        const Tableau& tableau = player_.tableau;
        for (std::size_t i = 0; i < tableau.size(); ++i) {
          const CardId target = tableau[i].card;
          if (attachment_index(player_, target, spec(card).ability) != static_cast<int>(i)) continue;
          if (!add(Play{card, {}, target}, std::nullopt)) return false;
        }
        return true;
      }
      case Ability::kAwayWithIt: {
        const Hand& cards = player_.hand;
        for (std::size_t i = 0; i < cards.size(); ++i) {
          if (seen_before(cards, i) || spec(cards[i]).is_action_card()) continue;
          if (!add(Play{card, {}, cards[i]}, std::nullopt)) return false;
        }
        return true;
      }
      default:  // the Pickpocket is played only at a phase's start
        return true;
    }
  }

  bool pub_points() {
    const int pubs = count_ability(player_, Ability::kPub);
    const int most = std::min(5 * pubs, player_.rubles / 2);
    for (int points = 1; points <= most; ++points) {
      if (!add(BuyPoints{points}, 2 * points)) return false;
    }
    return true;
  }

  bool building_specials() {
    if (find_face_up(player_, Ability::kObservatory) >= 0) {
      for (int d = 0; d < kDeckCount; ++d) {
        if (state_.stacks[d].size() >= 2 && !add(UseObservatory{static_cast<Deck>(d)}, std::nullopt)) {
          return false;
        }
      }
    }
    if (find_face_up(player_, Ability::kDebtorsPrison) >= 0 && discard_has_pickable(state_) &&
        !add(UseDebtorsPrison{}, std::nullopt)) {
      return false;
    }
    if (state_.options.pub_timing == PubTiming::kBuildingActions && !player_.pub_used && !pub_points()) {
      return false;
    }
    if (has_ability(player_, Ability::kGuildHall)) {
      for (int rubles = 0; rubles <= 4; ++rubles) {
        if (rubles == player_.guild_hall_rubles) continue;
        if (!add(SetGuildHall{rubles, 4 - rubles}, std::nullopt)) return false;
      }
    }
    if (has_ability(player_, Ability::kTradingHouse) && !player_.trading_house_used &&
        player_.rubles >= 3 && !add(UseTradingHouse{}, 3)) {
      return false;
    }
    return true;
  }

  void turn() {
    if (!row(state_.upper, Source::kUpper) || !row(state_.lower, Source::kLower) || !hand()) return;
    if (state_.phase == Phase::kBuilding && !building_specials()) return;
    if (state_.phase == Phase::kAristocrat && has_ability(player_, Ability::kSycophant) &&
        !add(Discard{card_with_ability(Ability::kSycophant), Source::kTableau}, std::nullopt)) {
      return;
    }
    if (!add(Pass{false}, std::nullopt)) return;
    if (state_.options.pass_until_phase_end) add(Pass{true}, std::nullopt);
  }

  void drawn_card() {
    const CardId card = state_.drawn;
    if (!spec(card).is_action_card() &&
        !placements(card, false, [&](std::optional<CardId> d) { return Buy{card, Source::kDrawn, d}; })) {
      return;
    }
    if (has_hand_room(player_) && !add(Take{card, Source::kDrawn}, std::nullopt)) return;
    add(Discard{card, Source::kDrawn}, std::nullopt);
  }

  void discard_pick() {
    if (!discard_pick_possible(state_, seat_, player_.hand.size())) {
      add(Discard{std::nullopt, Source::kDiscard}, std::nullopt);
      return;
    }
    const bool room = has_hand_room(player_);
    const DiscardPile& pile = state_.discard;
    for (std::size_t i = 0; i < pile.size(); ++i) {
      const CardId card = pile[i];
      if (spec(card).is_action_card() || seen_before(pile, i)) continue;
      if (!placements(card, false,
                      [&](std::optional<CardId> d) { return Buy{card, Source::kDiscard, d}; })) {
        return;
      }
      if (room && !add(Take{card, Source::kDiscard}, std::nullopt)) return;
    }
  }

  const GameState& state_;
  Seat seat_;
  const PlayerState& player_;
  // Computed on first use: most enumerations stop early.
  std::optional<PriceList> prices_;
  std::optional<bool> hand_room_;
  LegalActionSink& sink_;
};

class VectorSink : public LegalActionSink {
 public:
  explicit VectorSink(std::vector<LegalAction>& out) : out_(out) {}
  bool add(const Action& action, std::optional<int> price) override {
    out_.push_back(LegalAction{action, price});
    return true;
  }

 private:
  std::vector<LegalAction>& out_;
};

class AnyButPassSink : public LegalActionSink {
 public:
  bool add(const Action& action, std::optional<int>) override {
    found = !std::holds_alternative<Pass>(action) && !std::holds_alternative<CancelPassUntilPhaseEnd>(action);
    return !found;
  }
  bool found = false;
};

}  // namespace

void enumerate_legal_actions(const GameState& state, Seat seat, LegalActionSink& sink) {
  if (seat.value >= state.player_count) return;
  Enumerator(state, seat, sink).run();
}

std::vector<LegalAction> legal_actions(const GameState& state, Seat seat) {
  std::vector<LegalAction> out;
  legal_actions_into(state, seat, out);
  return out;
}

void legal_actions_into(const GameState& state, Seat seat, std::vector<LegalAction>& out) {
  out.clear();
  VectorSink sink(out);
  enumerate_legal_actions(state, seat, sink);
}

bool has_action_besides_passing(const GameState& state, Seat seat) {
  // Most of the time the seat can take a card into the hand; say so without
  // pricing anything (this runs after every action).
  if (state.step == Step::kActions && seat == state.current && !(state.upper.empty() && state.lower.empty()) &&
      has_hand_room(state.player(seat))) {
    return true;
  }
  AnyButPassSink sink;
  enumerate_legal_actions(state, seat, sink);
  return sink.found;
}

std::vector<Seat> seats_to_act(const GameState& state) {
  if (state.is_finished()) return {};
  return {state.current};
}

}  // namespace sp::engine
