// Validating a standing order when it is written: refused only when it can
// never apply in this game. Everything here reads what the seat may see (the
// catalogue, the table's options, the public cards and its own), so a refusal
// reveals nothing hidden; an order that might apply is accepted and re-checked
// at every use.
#include <algorithm>
#include <climits>
#include <iterator>
#include <string>

#include "engine/pricing.hpp"
#include "engine/setup.hpp"
#include "engine/standing_order.hpp"
#include "engine/tableau.hpp"

namespace sp::engine {
namespace {

using Result = Expected<void, OrderError>;

Unexpected<OrderError> refuse(OrderErrorCode code, std::string message) {
  return unexpected(OrderError{code, std::move(message)});
}

std::string name(CardId card) { return std::string(spec(card).name); }

bool known(CardId card) { return card.value < card_count(); }

// The cards of the table's card set, once each.
std::vector<CardId> card_set(const Expansions& expansions) {
  std::vector<CardId> cards;
  for (int i = 0; i < card_count(); ++i) {
    const CardId card{static_cast<std::uint8_t>(i)};
    if (is_in_card_set(card, expansions)) cards.push_back(card);
  }
  return cards;
}

bool ability_in_game(Ability ability, const Expansions& expansions) {
  const std::vector<CardId> cards = card_set(expansions);
  return std::any_of(cards.begin(), cards.end(), [ability](CardId c) { return spec(c).ability == ability; });
}

// The lowest price `card` can ever have in this game: every other copy already
// owned, every discount card of its colour owned, from the lower row when
// `from_row`, displacing the most valuable card it may displace. INT_MAX for a
// trading card with nothing in the game to displace.
int lowest_possible_price(CardId card, const Expansions& expansions, bool from_row) {
  const CardSpec& c = spec(card);
  int reduction = copies_in_game(card, expansions) - 1 + (from_row ? 1 : 0);
  int displaced_value = 0;
  bool target = !c.trading;
  for (CardId other : card_set(expansions)) {
    if (discounts_color(spec(other).ability, c.color)) reduction += copies_in_game(other, expansions);
    if (c.trading && can_displace(card, TableauCard{other})) {
      target = true;
      displaced_value = std::max(displaced_value, spec(other).displace_value);
    }
  }
  if (!target) return INT_MAX;
  return std::max(1, c.cost - displaced_value - reduction);
}

std::string describe(const CardMatch& match) {
  if (const CardId* named = std::get_if<CardId>(&match)) return name(*named);
  if (const AnyOfColor* color = std::get_if<AnyOfColor>(&match)) {
    switch (color->color) {
      case Color::kGreen: return "any green card";
      case Color::kBlue: return "any blue card";
      case Color::kOrange: return "any orange card";
      case Color::kPurple: return "any Banquet action card";
    }
  }
  return "any card of the " + std::string(to_string(std::get<AnyOfDeck>(match).deck)) + " stack";
}

std::string describe(const std::optional<CardMatch>& match) { return match ? describe(*match) : "any card"; }

// The cards of the game the match means; refused when there are none.
Expected<std::vector<CardId>, OrderError> matching_cards(const CardMatch& match, const Expansions& expansions) {
  if (const CardId* named = std::get_if<CardId>(&match); named && !known(*named)) {
    return refuse(OrderErrorCode::kCardNotInGame, "There is no such card.");
  }
  std::vector<CardId> cards;
  for (CardId card : card_set(expansions)) {
    if (matches(match, card)) cards.push_back(card);
  }
  if (cards.empty()) {
    return refuse(OrderErrorCode::kCardNotInGame,
                  std::holds_alternative<CardId>(match)
                      ? name(std::get<CardId>(match)) + " is not in the game with this table's expansions."
                      : "This game has no card that is " + describe(match) + ".");
  }
  return cards;
}

// A purchase of one of `cards` for at most `max_price`, displacing `displace`
// when named: refused when no card there can ever be bought at that price, or
// none may displace the card named.
Result check_purchase(const std::vector<CardId>& cards, const std::string& what, int max_price,
                      const std::optional<CardId>& displace, const Expansions& expansions, bool from_row) {
  std::vector<CardId> buyable;
  std::copy_if(cards.begin(), cards.end(), std::back_inserter(buyable),
               [](CardId c) { return !spec(c).is_action_card(); });
  if (buyable.empty()) {
    return refuse(OrderErrorCode::kNeverBought, "Banquet action cards are taken into the hand, never bought.");
  }
  if (displace) {
    if (!known(*displace) || !is_in_card_set(*displace, expansions)) {
      return refuse(OrderErrorCode::kInvalidDisplacement, "The card to displace is not in this game.");
    }
    std::erase_if(buyable, [&](CardId c) { return !can_displace(c, TableauCard{*displace}); });
    if (buyable.empty()) {
      return refuse(OrderErrorCode::kInvalidDisplacement,
                    what + " cannot displace " + name(*displace) + ".");
    }
  }
  int lowest = INT_MAX;
  for (CardId c : buyable) lowest = std::min(lowest, lowest_possible_price(c, expansions, from_row));
  if (max_price < lowest) {
    return refuse(OrderErrorCode::kPriceBelowAnyPrice,
                  what + " never costs less than " + std::to_string(lowest) +
                      (lowest == 1 ? " ruble" : " rubles") + "; the order's limit is " + std::to_string(max_price) +
                      ".");
  }
  return {};
}

// How many copies of `card` the seat sees outside the stacks: on the board, in
// the discard pile, in tableaus (a Jester or Banquet lying on a card too), in
// its own hand, in other hands when hands are public, and the drawn card.
int copies_seen(const GameState& state, Seat seat, CardId card) {
  const auto count = [card](const auto& list) {
    return static_cast<int>(std::count(list.begin(), list.end(), card));
  };
  int seen = count(state.upper) + count(state.lower) + count(state.discard);
  const Ability ability = spec(card).ability;
  for (int p = 0; p < state.player_count; ++p) {
    const PlayerState& player = state.players[p];
    for (const TableauCard& t : player.tableau) {
      seen += (t.card == card ? 1 : 0) + (ability == Ability::kJester && t.jester ? 1 : 0) +
              (ability == Ability::kBanquet && t.banquet ? 1 : 0);
    }
    if (p == seat.value || state.options.public_hands) seen += count(player.hand);
  }
  if (state.step == Step::kDrawnCard && state.drawn == card && (state.current == seat || state.options.public_hands)) {
    ++seen;
  }
  return seen;
}

// Whether a copy is in a row, or may still be in a stack (or a hand the seat
// cannot see).
bool may_come_to_a_row(const GameState& state, Seat seat, CardId card) {
  const auto in = [card](const Row& row) { return std::find(row.begin(), row.end(), card) != row.end(); };
  return in(state.upper) || in(state.lower) ||
         copies_seen(state, seat, card) < copies_in_game(card, state.options.expansions);
}

// Whether the seat holds the card or may still get it: from a row, or from the
// discard pile when the game has a Debtor's Prison or Black Market, which
// never picks an action card and gets back every card but a trading card
// already placed (trading cards are never displaced).
bool may_get(const GameState& state, Seat seat, CardId card) {
  const Hand& hand = state.player(seat).hand;
  if (std::find(hand.begin(), hand.end(), card) != hand.end() || may_come_to_a_row(state, seat, card)) return true;
  const Expansions& expansions = state.options.expansions;
  const bool picks = ability_in_game(Ability::kDebtorsPrison, expansions) ||
                     ability_in_game(Ability::kBlackMarket, expansions);
  if (!picks || spec(card).is_action_card()) return false;
  if (!spec(card).trading) return true;
  int placed = 0;
  for (int p = 0; p < state.player_count; ++p) placed += count_card(state.players[p], card);
  return placed < copies_in_game(card, expansions);
}

Result check_then_pass(const GameState& state, bool then_pass) {
  if (then_pass && !state.options.pass_until_phase_end) {
    return refuse(OrderErrorCode::kOptionDisabled, "This table does not allow passing until the phase ends.");
  }
  return {};
}

class Validator {
 public:
  Validator(const GameState& state, Seat seat) : state_(state), seat_(seat), expansions_(state.options.expansions) {}

  Result operator()(const PassUntilPhaseEndOrder&) const { return check_then_pass(state_, true); }

  Result operator()(const PassUntilBoardChangesOrder&) const { return {}; }

  Result operator()(const BuyOrder& order) const {
    auto cards = matching_cards(order.card, expansions_);
    if (!cards) return unexpected(cards.error());
    if (auto ok = check_purchase(*cards, describe(order.card), order.max_price, order.displace, expansions_, true);
        !ok) {
      return ok;
    }
    if (auto ok = check_row(order.card); !ok) return ok;
    return check_then_pass(state_, order.then_pass_until_phase_end);
  }

  Result operator()(const TakeOrder& order) const {
    if (auto cards = matching_cards(order.card, expansions_); !cards) return unexpected(cards.error());
    if (auto ok = check_row(order.card); !ok) return ok;
    return check_then_pass(state_, order.then_pass_until_phase_end);
  }

  Result operator()(const PlayOrder& order) const {
    const CardMatch match = order.card;
    auto cards = matching_cards(match, expansions_);
    if (!cards) return unexpected(cards.error());
    const CardSpec& card = spec(order.card);
    if (card.ability == Ability::kPickpocket) {
      return refuse(OrderErrorCode::kAskedAtPhaseStart,
                    "The Pickpocket is played when its holder is asked at a phase's start: leave a Pickpocket "
                    "answer instead.");
    }
    if (card.is_action_card()) {
      if (order.max_price < 0) {
        return refuse(OrderErrorCode::kPriceBelowAnyPrice, name(order.card) + " is free to play; a limit below 0 "
                                                           "never lets it be played.");
      }
      if (order.displace) {
        return refuse(OrderErrorCode::kInvalidDisplacement, name(order.card) + " displaces nothing.");
      }
      if (auto ok = check_target(order.card, order.target); !ok) return ok;
    } else {
      if (order.target) {
        return refuse(OrderErrorCode::kInvalidTarget, name(order.card) + " takes no target.");
      }
      if (order.displace && !card.trading) {
        return refuse(OrderErrorCode::kInvalidDisplacement, name(order.card) + " displaces nothing.");
      }
      if (auto ok = check_purchase(*cards, name(order.card), order.max_price, order.displace, expansions_, false);
          !ok) {
        return ok;
      }
    }
    if (!may_get(state_, seat_, order.card)) {
      return refuse(OrderErrorCode::kCannotGet,
                    "You do not hold " + name(order.card) + " and no copy can come into your hand any more.");
    }
    return {};
  }

  Result operator()(const PickpocketAnswer&) const {
    if (!ability_in_game(Ability::kPickpocket, expansions_)) {
      return refuse(OrderErrorCode::kQuestionNeverAsked, "This game has no Pickpocket: the question is never asked.");
    }
    return {};
  }

  Result operator()(const DrawnCardAnswer& answer) const {
    if (!ability_in_game(Ability::kObservatory, expansions_)) {
      return refuse(OrderErrorCode::kQuestionNeverAsked, "This game has no Observatory.");
    }
    std::vector<CardId> cards = card_set(expansions_);
    if (answer.card) {
      auto matching = matching_cards(*answer.card, expansions_);
      if (!matching) return unexpected(matching.error());
      cards = *matching;
    }
    if (answer.choice != DrawnCardChoice::kBuy) return no_purchase_terms(answer.max_price, answer.displace);
    return check_purchase(cards, describe(answer.card), answer.max_price, answer.displace, expansions_, false);
  }

  Result operator()(const PubAnswer& answer) const {
    if (state_.options.pub_timing != PubTiming::kAfterBuildingScoring) {
      return refuse(OrderErrorCode::kQuestionNeverAsked,
                    "This table's Pub is used during the building actions; nobody is asked after building "
                    "scoring.");
    }
    if (answer.points < 0) {
      return refuse(OrderErrorCode::kInvalidAmount, "Say how many points to buy: 0 or more.");
    }
    return {};
  }

  Result operator()(const DiscardPickAnswer& answer) const {
    if (!ability_in_game(Ability::kDebtorsPrison, expansions_) &&
        !ability_in_game(Ability::kBlackMarket, expansions_)) {
      return refuse(OrderErrorCode::kQuestionNeverAsked,
                    "This game has no Debtor's Prison and no Black Market: nobody picks from the discard pile.");
    }
    if (answer.choice == PickChoice::kGiveUp) {
      if (answer.card) {
        return refuse(OrderErrorCode::kInvalidTarget, "Giving up a pick names no card.");
      }
      return no_purchase_terms(answer.max_price, answer.displace);
    }
    std::vector<CardId> cards = card_set(expansions_);
    if (answer.card) {
      auto matching = matching_cards(*answer.card, expansions_);
      if (!matching) return unexpected(matching.error());
      cards = *matching;
    }
    std::erase_if(cards, [](CardId c) { return spec(c).is_action_card(); });
    if (cards.empty()) {
      return refuse(OrderErrorCode::kNeverBought, "Banquet action cards are never picked from the discard pile.");
    }
    if (answer.choice == PickChoice::kTake) return no_purchase_terms(answer.max_price, answer.displace);
    return check_purchase(cards, describe(answer.card), answer.max_price, answer.displace, expansions_, false);
  }

 private:
  // A named card that can no longer reach a row never will.
  Result check_row(const CardMatch& match) const {
    const CardId* named = std::get_if<CardId>(&match);
    if (named != nullptr && !may_come_to_a_row(state_, seat_, *named)) {
      return refuse(OrderErrorCode::kCardGone, "No copy of " + name(*named) + " can come to the board any more.");
    }
    return {};
  }

  Result check_target(CardId card, const std::optional<CardId>& target) const {
    const Ability ability = spec(card).ability;
    const bool needs = ability == Ability::kJester || ability == Ability::kBanquet || ability == Ability::kAwayWithIt;
    if (!target) return {};
    if (!needs) return refuse(OrderErrorCode::kInvalidTarget, name(card) + " takes no target.");
    if (!known(*target) || !is_in_card_set(*target, expansions_)) {
      return refuse(OrderErrorCode::kInvalidTarget, "The target is not in this game.");
    }
    const CardSpec& t = spec(*target);
    if (ability == Ability::kAwayWithIt ? t.is_action_card() : (t.rubles <= 0 || t.points <= 0)) {
      return refuse(OrderErrorCode::kInvalidTarget,
                    ability == Ability::kAwayWithIt
                        ? "Away with it! cannot discard a Banquet action card."
                        : "The " + name(card) + " lies on a card that shows both rubles and points; " +
                              std::string(t.name) + " does not.");
    }
    return {};
  }

  // A take, a discard or a give-up pays nothing and displaces nothing.
  static Result no_purchase_terms(int max_price, const std::optional<CardId>& displace) {
    if (max_price != 0 || displace) {
      return refuse(OrderErrorCode::kInvalidAmount, "Only a purchase has a price limit or a card to displace.");
    }
    return {};
  }

  const GameState& state_;
  Seat seat_;
  const Expansions& expansions_;
};

}  // namespace

Expected<void, OrderError> validate_order(const GameState& state, Seat seat, const StandingOrder& order) {
  if (state.is_finished()) return refuse(OrderErrorCode::kGameOver, "The game is over.");
  if (seat.value >= state.player_count) return refuse(OrderErrorCode::kUnknownSeat, "There is no such seat.");
  if (!is_live(state, seat, order)) {
    return refuse(OrderErrorCode::kExpired, "The phase, round or board this order was written for has passed.");
  }
  return std::visit(Validator(state, seat), order.rule);
}

}  // namespace sp::engine
