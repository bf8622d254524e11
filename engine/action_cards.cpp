// The Banquet's action cards, played from the hand (seed 004, rulings 18 to 24).
#include "engine/discard_pick.hpp"
#include "engine/flow.hpp"
#include "engine/handlers.hpp"
#include "engine/tableau.hpp"

namespace sp::engine::handlers {
namespace {

std::string name(CardId card) { return std::string(spec(card).name); }

void remove_from_hand(PlayerState& player, CardId card) {
  const int index = player.hand.find_if([card](CardId c) { return c == card; });
  SP_ASSERT(index >= 0);
  player.hand.erase_at(static_cast<std::size_t>(index));
}

Result play_pickpocket(GameState& state, Seat seat, CardId card, Events* events) {
  if (state.step != Step::kPickpocket) {
    return reject(RuleErrorCode::kActionCardNotPlayable,
                  "The Pickpocket is played at the start of a phase, before its first action.");
  }
  // Seed 004: its holder acts first in this phase; the markers stay put.
  remove_from_hand(state.player(seat), card);
  state.discard.push_back(card);
  emit(events, PickpocketAnswered{seat, true});
  flow::begin_actions(state, seat);
  return {};
}

Result play_attachment(GameState& state, Seat seat, const Play& action, Events* events) {
  PlayerState& player = state.player(seat);
  const Ability kind = spec(action.card).ability;
  if (!action.target) {
    return reject(RuleErrorCode::kInvalidTarget,
                  "Choose the card of yours the " + name(action.card) +
                      " lies on: one that shows both rubles and points.");
  }
  const CardId target = *action.target;
  if (count_card(player, target) == 0) {
    return reject(RuleErrorCode::kInvalidTarget, "You have no " + name(target) + " in your tableau.");
  }
  const int index = attachment_index(player, target, kind);
  if (index < 0) {
    const CardSpec& t = spec(target);
    if (t.rubles <= 0 || t.points <= 0) {
      return reject(RuleErrorCode::kInvalidTarget,
                    "The " + name(action.card) + " must lie on a card that shows both rubles and points; " +
                        name(target) + " does not.");
    }
    return reject(RuleErrorCode::kInvalidTarget,
                  "A " + name(action.card) + " already lies on your " + name(target) + ".");
  }
  remove_from_hand(player, action.card);
  TableauCard& card = player.tableau[static_cast<std::size_t>(index)];
  (kind == Ability::kJester ? card.jester : card.banquet) = true;
  emit(events, CardPlayed{seat, action.card, 0, std::nullopt, target});
  flow::finish_turn(state, false);
  return {};
}

Result play_away_with_it(GameState& state, Seat seat, const Play& action, Events* events) {
  PlayerState& player = state.player(seat);
  // Ruling 23: it discards another card in the hand that is not an action card.
  if (!action.target) {
    return reject(RuleErrorCode::kInvalidTarget, "Choose the card in your hand that Away with it! discards.");
  }
  const CardId target = *action.target;
  if (spec(target).is_action_card()) {
    return reject(RuleErrorCode::kInvalidTarget, "Away with it! cannot discard a Banquet action card.");
  }
  if (player.hand.find_if([target](CardId c) { return c == target; }) < 0) {
    return reject(RuleErrorCode::kInvalidTarget, "You have no " + name(target) + " in your hand.");
  }
  remove_from_hand(player, action.card);
  remove_from_hand(player, target);
  state.discard.push_back(action.card);
  state.discard.push_back(target);
  emit(events, CardPlayed{seat, action.card, 0, std::nullopt, target});
  flow::finish_turn(state, false);
  return {};
}

Result play_black_market(GameState& state, Seat seat, const Play& action, Events* events) {
  PlayerState& player = state.player(seat);
  // Ruling 24: playable only when the pile holds a card it can bring.
  if (!discard_pick_possible(state, seat, player.hand.size() - 1)) {
    return reject(RuleErrorCode::kActionCardNotPlayable,
                  discard_has_pickable(state)
                      ? "The Black Market cannot help now: you could neither buy nor take any card of the discard pile."
                      : "The Black Market needs a card in the discard pile that is not a Banquet action card.");
  }
  remove_from_hand(player, action.card);
  state.discard.push_back(action.card);
  state.step = Step::kDiscardPick;
  state.discard_pick_reason = DiscardPickReason::kBlackMarket;
  emit(events, CardPlayed{seat, action.card, 0, std::nullopt, std::nullopt});
  return {};
}

}  // namespace

Result play_action_card(GameState& state, Seat seat, const Play& action, Events* events) {
  const Ability ability = spec(action.card).ability;
  if (ability == Ability::kPickpocket) return play_pickpocket(state, seat, action.card, events);
  if (state.step != Step::kActions) return reject_pending(state);
  const int in_hand = state.player(seat).hand.count_if([&](CardId c) { return c == action.card; });
  if (in_hand <= state.taken_in_double_turn.count_if([&](CardId c) { return c == action.card; })) {
    return reject(RuleErrorCode::kTakenThisDoubleTurn,
                  name(action.card) + " was taken during this Double Turn and cannot be played in it.");
  }
  if (action.displace) {
    return reject(RuleErrorCode::kNotATradingCard, name(action.card) + " displaces nothing.");
  }
  const bool needs_target = ability == Ability::kJester || ability == Ability::kBanquet ||
                            ability == Ability::kAwayWithIt;
  if (!needs_target && action.target) {
    return reject(RuleErrorCode::kInvalidTarget, name(action.card) + " takes no target.");
  }
  PlayerState& player = state.player(seat);
  switch (ability) {
    case Ability::kGoldenDonkey:
      remove_from_hand(player, action.card);
      state.discard.push_back(action.card);
      player.rubles += 5;
      emit(events, CardPlayed{seat, action.card, 0, std::nullopt, std::nullopt});
      emit(events, RublesGained{seat, action.card, 5});
      flow::finish_turn(state, false);
      return {};
    case Ability::kDoubleTurn:
      remove_from_hand(player, action.card);
      state.discard.push_back(action.card);
      // Two more actions follow this one (finish_turn counts this one off).
      state.extra_actions = static_cast<std::uint8_t>(state.extra_actions + 2);
      state.in_double_turn = true;
      emit(events, CardPlayed{seat, action.card, 0, std::nullopt, std::nullopt});
      flow::finish_turn(state, false);
      return {};
    case Ability::kJester:
    case Ability::kBanquet:
      return play_attachment(state, seat, action, events);
    case Ability::kAwayWithIt:
      return play_away_with_it(state, seat, action, events);
    case Ability::kBlackMarket:
      return play_black_market(state, seat, action, events);
    default:
      return reject(RuleErrorCode::kActionCardNotPlayable, name(action.card) + " cannot be played.");
  }
}

}  // namespace sp::engine::handlers
