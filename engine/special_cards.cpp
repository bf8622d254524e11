// The special buildings and the Sycophant: Observatory, Debtor's Prison, Pub,
// Guild Hall and Trading House (rulings 12, 13, 16, 17, 24, 25, 26).
#include "engine/discard_pick.hpp"
#include "engine/flow.hpp"
#include "engine/handlers.hpp"
#include "engine/tableau.hpp"

namespace sp::engine::handlers {
namespace {

std::string name(CardId card) { return std::string(spec(card).name); }

// The checks every building-phase special shares: the seat's turn in the
// building phase's actions, and the card in its tableau.
Result check_building_special(const GameState& state, Seat seat, Ability ability, std::string_view what) {
  if (state.step != Step::kActions) return reject_pending(state);
  if (state.phase != Phase::kBuilding) {
    return reject(RuleErrorCode::kWrongPhase,
                  "The " + std::string(what) + " is used during the building phase's actions.");
  }
  if (!has_ability(state.player(seat), ability)) {
    return reject(RuleErrorCode::kNotOwned, "You have no " + std::string(what) + ".");
  }
  return {};
}

Result check_pub_purchase(const PlayerState& player, int points) {
  const int pubs = count_ability(player, Ability::kPub);
  if (points < 1 || points > 5 * pubs) {
    return reject(RuleErrorCode::kInvalidAmount,
                  "Each Pub sells 1 to 5 points; with " + std::to_string(pubs) + (pubs == 1 ? " Pub" : " Pubs") +
                      " you may buy 1 to " + std::to_string(5 * pubs) + ".");
  }
  if (2 * points > player.rubles) {
    return reject(RuleErrorCode::kCannotAfford,
                  std::to_string(points) + (points == 1 ? " point costs " : " points cost ") + rubles(2 * points) +
                      "; you have " + std::to_string(player.rubles) + ".");
  }
  return {};
}

void buy_pub_points(PlayerState& player, Seat seat, int points, Events* events) {
  player.rubles -= 2 * points;
  player.points += points;
  player.pub_used = true;
  emit(events, PointsBought{seat, card_with_ability(Ability::kPub), points, 2 * points});
}

Result discard_drawn(GameState& state, Seat seat, const Discard& action, Events* events) {
  if (action.card && *action.card != state.drawn) {
    return reject(RuleErrorCode::kCardNotAvailable,
                  "The Observatory drew " + name(state.drawn) + ", not " + name(*action.card) + ".");
  }
  const CardId card = state.drawn;
  state.discard.push_back(card);
  state.drawn = CardId{};
  state.step = Step::kActions;
  emit(events, CardDiscarded{seat, card, Source::kDrawn});
  flow::finish_turn(state, false);
  return {};
}

Result give_up_pick(GameState& state, Seat seat, const Discard& action, Events* events) {
  if (action.card) {
    return reject(RuleErrorCode::kActionNotAllowedNow,
                  "Buy or take a card from the discard pile; a discard here only gives up the pick.");
  }
  // Ruling 24: given up only when no card there can be bought or taken.
  if (discard_pick_possible(state, seat, state.player(seat).hand.size())) {
    return reject(RuleErrorCode::kActionNotAllowedNow,
                  "A card of the discard pile can still be bought or taken; the pick may be given up only "
                  "when none can.");
  }
  state.step = Step::kActions;
  emit(events, DiscardPickGivenUp{seat});
  flow::finish_turn(state, false);
  return {};
}

Result discard_sycophant(GameState& state, Seat seat, const Discard& action, Events* events) {
  if (!action.card) {
    return reject(RuleErrorCode::kActionNotAllowedNow, "Name the card to discard.");
  }
  if (spec(*action.card).ability != Ability::kSycophant) {
    return reject(RuleErrorCode::kActionNotAllowedNow,
                  "Only a Sycophant may be discarded from the tableau; " + name(*action.card) + " may not.");
  }
  if (state.phase != Phase::kAristocrat) {
    return reject(RuleErrorCode::kWrongPhase, "A Sycophant may be discarded during the aristocrat phase's actions.");
  }
  PlayerState& player = state.player(seat);
  const int index = player.tableau.find_if([&](const TableauCard& t) { return t.card == *action.card; });
  if (index < 0) return reject(RuleErrorCode::kNotOwned, "You have no Sycophant.");
  player.tableau.erase_at(static_cast<std::size_t>(index));
  state.discard.push_back(*action.card);
  emit(events, CardDiscarded{seat, *action.card, Source::kTableau});
  return {};
}

}  // namespace

Result use_observatory(GameState& state, Seat seat, const UseObservatory& action, Events* events) {
  if (auto ok = check_building_special(state, seat, Ability::kObservatory, "Observatory"); !ok) return ok;
  PlayerState& player = state.player(seat);
  const int index = find_face_up(player, Ability::kObservatory);
  if (index < 0) {
    return reject(RuleErrorCode::kAlreadyUsed,
                  "Your Observatory was used this round; it turns face up at the start of the next round.");
  }
  Stack& stack = state.stack(action.stack);
  // Rulebook: "it may not be the last card in the stack".
  if (stack.size() < 2) {
    return reject(RuleErrorCode::kStackTooSmall,
                  "The " + std::string(to_string(action.stack)) + " stack has " + std::to_string(stack.size()) +
                      (stack.size() == 1 ? " card" : " cards") +
                      " left; the Observatory may not draw a stack's last card.");
  }
  player.tableau[static_cast<std::size_t>(index)].face_down = true;
  state.drawn = stack.pop_back();
  state.step = Step::kDrawnCard;
  emit(events, ObservatoryUsed{seat, action.stack, state.drawn});
  return {};
}

Result use_debtors_prison(GameState& state, Seat seat, Events* events) {
  if (auto ok = check_building_special(state, seat, Ability::kDebtorsPrison, "Debtor's Prison"); !ok) return ok;
  PlayerState& player = state.player(seat);
  const int index = find_face_up(player, Ability::kDebtorsPrison);
  if (index < 0) {
    return reject(RuleErrorCode::kAlreadyUsed,
                  "Your Debtor's Prison was used this round; it turns face up at the start of the next round.");
  }
  if (!discard_has_pickable(state)) {
    return reject(RuleErrorCode::kCardNotAvailable,
                  "The discard pile holds no card the Debtor's Prison may take.");
  }
  player.tableau[static_cast<std::size_t>(index)].face_down = true;
  state.step = Step::kDiscardPick;
  state.discard_pick_reason = DiscardPickReason::kDebtorsPrison;
  emit(events, DebtorsPrisonUsed{seat});
  return {};
}

Result discard(GameState& state, Seat seat, const Discard& action, Events* events) {
  switch (state.step) {
    case Step::kDrawnCard:
      if (action.from && *action.from != Source::kDrawn) return reject_pending(state);
      return discard_drawn(state, seat, action, events);
    case Step::kDiscardPick:
      if (action.from && *action.from != Source::kDiscard) return reject_pending(state);
      return give_up_pick(state, seat, action, events);
    case Step::kActions:
      if (action.from == Source::kTableau || (!action.from && action.card)) {
        return discard_sycophant(state, seat, action, events);
      }
      if (action.from == Source::kHand) {
        return reject(RuleErrorCode::kActionNotAllowedNow,
                      "Cards in the hand are not discarded; play them (Away with it! discards one).");
      }
      return reject(RuleErrorCode::kActionNotAllowedNow, "There is nothing to discard now.");
    default:
      return reject_pending(state);
  }
}

Result buy_points(GameState& state, Seat seat, const BuyPoints& action, Events* events) {
  PlayerState& player = state.player(seat);
  if (state.step == Step::kPubPurchase) {
    if (auto ok = check_pub_purchase(player, action.points); !ok) return ok;
    buy_pub_points(player, seat, action.points, events);
    flow::continue_pub_window(state, events);
    return {};
  }
  if (state.step == Step::kActions && state.options.pub_timing == PubTiming::kAfterBuildingScoring) {
    return reject(RuleErrorCode::kOptionDisabled,
                  "This table plays the original Pub timing: points are bought right after building scoring.");
  }
  if (auto ok = check_building_special(state, seat, Ability::kPub, "Pub"); !ok) return ok;
  if (player.pub_used) return reject(RuleErrorCode::kAlreadyUsed, "You have used your Pub this round.");
  if (auto ok = check_pub_purchase(player, action.points); !ok) return ok;
  buy_pub_points(player, seat, action.points, events);
  return {};
}

Result set_guild_hall(GameState& state, Seat seat, const SetGuildHall& action, Events* events) {
  if (auto ok = check_building_special(state, seat, Ability::kGuildHall, "Guild Hall"); !ok) return ok;
  if (action.rubles < 0 || action.points < 0 || action.rubles + action.points != 4) {
    return reject(RuleErrorCode::kInvalidAmount,
                  "The Guild Hall yields 4 in all: rubles and points must add up to 4.");
  }
  state.player(seat).guild_hall_rubles = static_cast<std::uint8_t>(action.rubles);
  emit(events, GuildHallSplitChosen{seat, action.rubles, action.points});
  return {};
}

Result use_trading_house(GameState& state, Seat seat, Events* events) {
  if (auto ok = check_building_special(state, seat, Ability::kTradingHouse, "Trading House"); !ok) return ok;
  PlayerState& player = state.player(seat);
  if (player.trading_house_used) {
    return reject(RuleErrorCode::kAlreadyUsed, "You have used your Trading House in this building phase.");
  }
  if (player.rubles < 3) {
    return reject(RuleErrorCode::kCannotAfford,
                  "The Trading House costs 3 rubles; you have " + std::to_string(player.rubles) + ".");
  }
  player.rubles -= 3;
  player.points += 2;
  player.trading_house_used = true;
  emit(events, PointsBought{seat, card_with_ability(Ability::kTradingHouse), 2, 3});
  return {};
}

}  // namespace sp::engine::handlers
