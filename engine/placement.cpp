// Buying, taking and playing cards: the rulebook's "buy", "add to his hand"
// and "play from his hand", from the board, the Observatory's draw or the
// discard pile, with the trading cards' displacement.
#include "engine/discard_pick.hpp"
#include "engine/flow.hpp"
#include "engine/handlers.hpp"
#include "engine/pricing.hpp"
#include "engine/tableau.hpp"

namespace sp::engine::handlers {
namespace {

std::string name(CardId card) { return std::string(spec(card).name); }

std::string_view source_words(Source from) {
  switch (from) {
    case Source::kUpper: return "the upper row";
    case Source::kLower: return "the lower row";
    case Source::kDrawn: return "the Observatory's draw";
    case Source::kDiscard: return "the discard pile";
    case Source::kHand: return "your hand";
    case Source::kTableau: return "your tableau";
  }
  return "there";
}

// The step decides where cards may come from: the board on a turn, the drawn
// card after an Observatory, the discard pile after a Debtor's Prison or Black
// Market.
Result check_source(const GameState& state, Source from) {
  switch (state.step) {
    case Step::kActions:
      if (from == Source::kUpper || from == Source::kLower) return {};
      if (from == Source::kDrawn) {
        return reject(RuleErrorCode::kCardNotAvailable, "There is no card drawn by an Observatory now.");
      }
      if (from == Source::kDiscard) {
        return reject(RuleErrorCode::kCardNotAvailable,
                      "Cards come from the discard pile only through a Debtor's Prison or a Black Market.");
      }
      return reject(RuleErrorCode::kCardNotAvailable, "Cards are bought or taken from the upper or lower row.");
    case Step::kDrawnCard:
      if (from == Source::kDrawn) return {};
      return reject_pending(state);
    case Step::kDiscardPick:
      if (from == Source::kDiscard) return {};
      return reject_pending(state);
    default:
      return reject_pending(state);
  }
}

// Whether `card` lies at `from`; returns its index in a row or the pile.
Expected<int, RuleError> locate(const GameState& state, CardId card, Source from) {
  auto is_card = [card](CardId c) { return c == card; };
  switch (from) {
    case Source::kUpper:
    case Source::kLower: {
      const Row& row = from == Source::kUpper ? state.upper : state.lower;
      const int index = row.find_if(is_card);
      if (index >= 0) return index;
      return reject(RuleErrorCode::kCardNotAvailable,
                    "There is no " + name(card) + " in " + std::string(source_words(from)) + ".");
    }
    case Source::kDrawn:
      if (state.drawn == card) return 0;
      return reject(RuleErrorCode::kCardNotAvailable,
                    "The Observatory drew " + name(state.drawn) + ", not " + name(card) + ".");
    case Source::kDiscard: {
      if (spec(card).is_action_card()) {
        return reject(RuleErrorCode::kCardNotAvailable,
                      "Banquet action cards cannot be taken from the discard pile.");
      }
      const int index = state.discard.find_if(is_card);
      if (index >= 0) return index;
      return reject(RuleErrorCode::kCardNotAvailable, "There is no " + name(card) + " in the discard pile.");
    }
    default:
      return reject(RuleErrorCode::kCardNotAvailable, "Cards are bought or taken from the board.");
  }
}

void remove_from_source(GameState& state, Source from, int index) {
  switch (from) {
    case Source::kUpper: state.upper.erase_at(static_cast<std::size_t>(index)); return;
    case Source::kLower: state.lower.erase_at(static_cast<std::size_t>(index)); return;
    case Source::kDrawn: state.drawn = CardId{}; return;
    case Source::kDiscard: state.discard.erase_at(static_cast<std::size_t>(index)); return;
    default: SP_ASSERT(!"cards are not removed from there");
  }
}

// What placing `card` costs the seat, or why it cannot be placed.
Expected<int, RuleError> check_placement(const PlayerState& player, CardId card, bool from_lower_row,
                                         std::optional<CardId> displace) {
  const CardSpec& c = spec(card);
  if (c.is_action_card()) {
    return reject(RuleErrorCode::kActionCardNotBuyable,
                  name(card) + " is a Banquet action card: take it into your hand, then play it.");
  }
  if (!c.trading) {
    if (displace) {
      return reject(RuleErrorCode::kNotATradingCard,
                    name(card) + " is not a trading card; it displaces nothing.");
    }
  } else {
    // Rulebook: a trading card must displace a card of its colour.
    if (!has_displacement_target(player, card)) {
      return reject(RuleErrorCode::kNoDisplacementTarget,
                    name(card) + " must displace a card in your tableau, and you have none it may displace.");
    }
    if (!displace) {
      return reject(RuleErrorCode::kDisplacementRequired,
                    "Choose the card in your tableau that " + name(card) + " displaces.");
    }
    if (count_card(player, *displace) == 0) {
      return reject(RuleErrorCode::kInvalidDisplacement, "You have no " + name(*displace) + " in your tableau.");
    }
    if (displacement_index(player, card, *displace) < 0) {
      return reject(RuleErrorCode::kInvalidDisplacement,
                    name(card) + " cannot displace " + name(*displace) + ".");
    }
  }
  const int cost = price(player, PriceQuery{card, from_lower_row, displace});
  if (cost > player.rubles) {
    return reject(RuleErrorCode::kCannotAfford,
                  name(card) + " costs " + rubles(cost) + " here; you have " + std::to_string(player.rubles) + ".");
  }
  return cost;
}

// Pays and places a card whose placement was checked; the displaced card and
// whatever lies on it go to the discard pile.
void place(GameState& state, PlayerState& player, CardId card, std::optional<CardId> displace, int cost) {
  player.rubles -= cost;
  if (displace) {
    const int index = displacement_index(player, card, *displace);
    SP_ASSERT(index >= 0);
    const TableauCard displaced = player.tableau[static_cast<std::size_t>(index)];
    player.tableau.erase_at(static_cast<std::size_t>(index));
    state.discard.push_back(displaced.card);
    if (displaced.jester) state.discard.push_back(card_with_ability(Ability::kJester));
    if (displaced.banquet) state.discard.push_back(card_with_ability(Ability::kBanquet));
  }
  player.tableau.push_back(TableauCard{card});
}

// Taking from the drawn card or the discard pile completes the Observatory's
// or the pick's action.
void leave_pending(GameState& state) {
  if (state.step == Step::kDrawnCard || state.step == Step::kDiscardPick) state.step = Step::kActions;
}

void note_taken(GameState& state, CardId card) {
  if (state.in_double_turn && state.taken_in_double_turn.size() < state.taken_in_double_turn.capacity()) {
    state.taken_in_double_turn.push_back(card);
  }
}

}  // namespace

Result buy(GameState& state, Seat seat, const Buy& action, Events* events) {
  if (auto ok = check_source(state, action.from); !ok) return ok;
  const auto index = locate(state, action.card, action.from);
  if (!index) return unexpected(index.error());
  PlayerState& player = state.player(seat);
  const auto cost = check_placement(player, action.card, action.from == Source::kLower, action.displace);
  if (!cost) return unexpected(cost.error());

  remove_from_source(state, action.from, *index);
  place(state, player, action.card, action.displace, *cost);
  leave_pending(state);
  emit(events, CardBought{seat, action.card, action.from, *cost, action.displace});
  flow::finish_turn(state, false);
  return {};
}

Result take(GameState& state, Seat seat, const Take& action, Events* events) {
  if (auto ok = check_source(state, action.from); !ok) return ok;
  const auto index = locate(state, action.card, action.from);
  if (!index) return unexpected(index.error());
  PlayerState& player = state.player(seat);
  if (!has_hand_room(player)) {
    return reject(RuleErrorCode::kHandFull, "Your hand is full: you may hold " +
                                                std::to_string(hand_limit(player)) +
                                                " cards, and take more only when it has room.");
  }
  remove_from_source(state, action.from, *index);
  player.hand.push_back(action.card);
  note_taken(state, action.card);
  leave_pending(state);
  emit(events, CardTaken{seat, action.card, action.from});
  flow::finish_turn(state, false);
  return {};
}

Result play(GameState& state, Seat seat, const Play& action, Events* events) {
  if (state.step != Step::kActions && state.step != Step::kPickpocket) return reject_pending(state);
  PlayerState& player = state.player(seat);
  const int in_hand = player.hand.count_if([&](CardId c) { return c == action.card; });
  if (in_hand == 0) {
    return reject(RuleErrorCode::kCardNotInHand, "You have no " + name(action.card) + " in your hand.");
  }
  if (spec(action.card).is_action_card()) return play_action_card(state, seat, action, events);
  if (state.step != Step::kActions) return reject_pending(state);
  // Ruling 21: not a card taken during the same Double Turn.
  if (in_hand <= state.taken_in_double_turn.count_if([&](CardId c) { return c == action.card; })) {
    return reject(RuleErrorCode::kTakenThisDoubleTurn,
                  name(action.card) + " was taken during this Double Turn and cannot be played in it.");
  }
  if (action.target) {
    return reject(RuleErrorCode::kInvalidTarget, name(action.card) + " takes no target.");
  }
  const auto cost = check_placement(player, action.card, false, action.displace);
  if (!cost) return unexpected(cost.error());

  player.hand.erase_at(static_cast<std::size_t>(player.hand.find_if([&](CardId c) { return c == action.card; })));
  place(state, player, action.card, action.displace, *cost);
  emit(events, CardPlayed{seat, action.card, *cost, action.displace, std::nullopt});
  flow::finish_turn(state, false);
  return {};
}

}  // namespace sp::engine::handlers
