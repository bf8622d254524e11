// Standing orders (issue 19, docs/rules.md "Standing orders"): every kind of
// order makes the move it names at the seat's turn, and only a legal one at
// the price written; the first fitting order wins; orders lapse with their
// phase, round or board; an order that can never apply is refused when written.
#include "engine/standing_order.hpp"

#include <doctest/doctest.h>

#include "engine/rules.hpp"
#include "tests/support/game_builder.hpp"

using namespace sp::engine;
using sp::test::act;
using sp::test::four_players;
using sp::test::card;
using sp::test::GameBuilder;
using sp::test::seat;

namespace {

StandingOrder written(const GameState& state, int s, OrderRule rule, Expiry expiry = Expiry::kPhaseEnd) {
  auto order = write_order(state, seat(s), std::move(rule), expiry);
  REQUIRE_MESSAGE(order.has_value(), (order ? "" : order.error().message));
  return *order;
}

std::optional<Action> move_for(const GameState& state, int s, const std::vector<StandingOrder>& orders) {
  auto move = standing_order_move(state, seat(s), orders);
  if (!move) return std::nullopt;
  return move->action;
}

OrderErrorCode refusal(const GameState& state, int s, OrderRule rule, Expiry expiry = Expiry::kPhaseEnd) {
  auto order = write_order(state, seat(s), std::move(rule), expiry);
  REQUIRE_FALSE(order.has_value());
  CHECK_FALSE(order.error().message.empty());
  return order.error().code;
}

// The building phase, seat 1 to act.
GameState building_phase(GameState state) {
  sp::test::pass_round_of_phase(state);
  REQUIRE(state.phase == Phase::kBuilding);
  return state;
}

}  // namespace

TEST_CASE("pass until the phase ends: the order passes with the flag at the seat's turn") {
  const GameState state = four_players().build();
  const std::vector<StandingOrder> orders{written(state, 0, PassUntilPhaseEndOrder{})};
  auto move = standing_order_move(state, seat(0), orders);
  REQUIRE(move.has_value());
  CHECK(move->action == Action{Pass{true}});
  CHECK(move->order == 0);
}

TEST_CASE("pass until the board changes: the order passes while the board is as it was written") {
  GameState state = four_players().build();
  const std::vector<StandingOrder> orders{written(state, 3, PassUntilBoardChangesOrder{})};
  act(state, 0, Pass{});
  act(state, 1, Pass{});
  act(state, 2, Pass{});
  CHECK(move_for(state, 3, orders) == Action{Pass{false}});
}

TEST_CASE("pass until the board changes: a card taken from a row ends the order") {
  GameState state = four_players().build();
  std::vector<StandingOrder> orders{written(state, 3, PassUntilBoardChangesOrder{})};
  act(state, 0, Take{card("lumberjack"), Source::kUpper});
  act(state, 1, Pass{});
  act(state, 2, Pass{});
  CHECK_FALSE(move_for(state, 3, orders).has_value());
  CHECK(expire_orders(state, seat(3), orders).size() == 1);
  CHECK(orders.empty());
}

TEST_CASE("pass until the board changes: the seat's own moves change the board too") {
  GameState state = four_players().build();
  std::vector<StandingOrder> orders{written(state, 0, BuyOrder{card("lumberjack"), 3, {}, false}),
                                    written(state, 0, PassUntilBoardChangesOrder{})};
  auto move = standing_order_move(state, seat(0), orders);
  REQUIRE(move.has_value());
  const GameState moved_in = state;
  act(state, 0, move->action);
  order_used(orders, move->order, moved_in);
  CHECK(expire_orders(state, seat(0), orders).size() == 1);
  CHECK(orders.empty());
}

TEST_CASE("the board fingerprint changes with the rows, a tableau, a hand, money and the phase") {
  const GameState state = four_players().build();
  const BoardFingerprint before = board_fingerprint(state, seat(3));
  GameState changed = state;
  changed.upper.pop_back();
  CHECK(board_fingerprint(changed, seat(3)) != before);
  changed = state;
  changed.lower.push_back(card("market"));
  CHECK(board_fingerprint(changed, seat(3)) != before);
  changed = state;
  sp::test::give_tableau(changed, 1, {"market"});
  CHECK(board_fingerprint(changed, seat(3)) != before);
  changed = state;
  sp::test::give_hand(changed, 1, {"market"});
  CHECK(board_fingerprint(changed, seat(3)) != before);
  changed = state;
  changed.players[1].rubles -= 1;
  CHECK(board_fingerprint(changed, seat(3)) != before);
  changed = state;
  changed.phase = Phase::kBuilding;
  CHECK(board_fingerprint(changed, seat(3)) != before);
  changed = state;
  changed.players[1].points += 3;  // points are not the board
  CHECK(board_fingerprint(changed, seat(3)) == before);
}

TEST_CASE("the board fingerprint sees only what its seat may see: hidden money and hand contents are not in it") {
  TableOptions hidden;
  hidden.public_money = false;
  hidden.public_hands = false;
  hidden.auto_pass_forced = false;
  GameState state = four_players().options(hidden).build();
  sp::test::give_hand(state, 1, {"market"});
  const BoardFingerprint before = board_fingerprint(state, seat(3));
  GameState changed = state;
  changed.players[1].rubles += 5;
  changed.players[1].hand[0] = card("customs_house");
  CHECK(board_fingerprint(changed, seat(3)) == before);
  CHECK(board_fingerprint(changed, seat(1)) != board_fingerprint(state, seat(1)));  // its own, it sees
  sp::test::give_hand(changed, 1, {"market"});  // a hand's size is public
  CHECK(board_fingerprint(changed, seat(3)) != before);
}

TEST_CASE("a buy order buys the named card from a row at a price at most the limit written") {
  const GameState state = four_players().build();
  const std::vector<StandingOrder> orders{written(state, 0, BuyOrder{card("lumberjack"), 3, {}, false})};
  CHECK(move_for(state, 0, orders) == Action{Buy{card("lumberjack"), Source::kUpper, {}}});
}

TEST_CASE("a buy order does not apply when the card costs more than the limit written") {
  const GameState state = four_players().build();
  const std::vector<StandingOrder> orders{written(state, 0, BuyOrder{card("shepherd"), 4, {}, false})};
  CHECK_FALSE(move_for(state, 0, orders).has_value());
}

TEST_CASE("a buy order does not apply when the card is not in a row") {
  const GameState state = four_players().build();
  const std::vector<StandingOrder> orders{written(state, 0, BuyOrder{card("market"), 10, {}, false})};
  CHECK_FALSE(move_for(state, 0, orders).has_value());
}

TEST_CASE("a buy order does not apply when the seat cannot pay") {
  const GameState state = four_players().rubles({2, 25, 25, 25}).build();
  const std::vector<StandingOrder> orders{written(state, 0, BuyOrder{card("lumberjack"), 5, {}, false})};
  CHECK_FALSE(move_for(state, 0, orders).has_value());
}

TEST_CASE("an order for any card of a colour buys the cheapest that fits") {
  const GameState state = four_players().build();
  const std::vector<StandingOrder> orders{written(state, 0, BuyOrder{AnyOfColor{Color::kGreen}, 6, {}, false})};
  CHECK(move_for(state, 0, orders) == Action{Buy{card("lumberjack"), Source::kUpper, {}}});
}

TEST_CASE("of two copies of the card, a buy order takes the cheaper one from the lower row") {
  GameState state = four_players().build();
  state.lower.push_back(card("shepherd"));
  const std::vector<StandingOrder> orders{written(state, 0, BuyOrder{card("shepherd"), 5, {}, false})};
  CHECK(move_for(state, 0, orders) == Action{Buy{card("shepherd"), Source::kLower, {}}});
}

TEST_CASE("an order for any card of a stack means that stack's cards only") {
  GameState state = four_players().build();
  state.lower.push_back(card("market"));
  const std::vector<StandingOrder> orders{written(state, 0, BuyOrder{AnyOfDeck{Deck::kBuilding}, 10, {}, false})};
  CHECK(move_for(state, 0, orders) == Action{Buy{card("market"), Source::kLower, {}}});
}

TEST_CASE("a buy order is used once") {
  GameState state = four_players().build();
  std::vector<StandingOrder> orders{
      written(state, 0, BuyOrder{card("lumberjack"), 3, {}, false}, Expiry::kUntilCancelled)};
  auto move = standing_order_move(state, seat(0), orders);
  REQUIRE(move.has_value());
  const GameState moved_in = state;
  act(state, 0, move->action);
  order_used(orders, move->order, moved_in);
  CHECK(orders.empty());
}

TEST_CASE("a buy order with 'then pass until the phase ends' passes with the flag at the seat's next turn") {
  GameState state = four_players().build();
  std::vector<StandingOrder> orders{written(state, 0, BuyOrder{card("lumberjack"), 3, {}, true}, Expiry::kRoundEnd)};
  auto move = standing_order_move(state, seat(0), orders);
  REQUIRE(move.has_value());
  const GameState moved_in = state;
  act(state, 0, move->action);
  order_used(orders, move->order, moved_in);
  REQUIRE(orders.size() == 1);
  CHECK(orders[0] == StandingOrder{PassUntilPhaseEndOrder{}, Expiry::kPhaseEnd, 1, Phase::kWorker});
  act(state, 1, Pass{});
  act(state, 2, Pass{});
  act(state, 3, Pass{});
  CHECK(move_for(state, 0, orders) == Action{Pass{true}});
}

TEST_CASE("a take order takes the named card from a row into the hand") {
  const GameState state = four_players().build();
  const std::vector<StandingOrder> orders{written(state, 0, TakeOrder{card("ship_builder"), false})};
  CHECK(move_for(state, 0, orders) == Action{Take{card("ship_builder"), Source::kUpper}});
}

TEST_CASE("a take order does not apply to a full hand") {
  GameState state = four_players().build();
  sp::test::give_hand(state, 0, {"market", "market", "customs_house"});
  const std::vector<StandingOrder> orders{written(state, 0, TakeOrder{card("ship_builder"), false})};
  CHECK_FALSE(move_for(state, 0, orders).has_value());
}

TEST_CASE("a play order plays the named card from the hand at a price at most the limit written") {
  GameState state = four_players().build();
  sp::test::give_hand(state, 0, {"market"});
  const std::vector<StandingOrder> orders{written(state, 0, PlayOrder{card("market"), 5, {}, {}})};
  CHECK(move_for(state, 0, orders) == Action{Play{card("market"), {}, {}}});
}

TEST_CASE("a play order does not apply when the card costs more than the limit written") {
  GameState state = four_players().build();
  sp::test::give_hand(state, 0, {"market"});
  const std::vector<StandingOrder> orders{written(state, 0, PlayOrder{card("market"), 4, {}, {}})};
  CHECK_FALSE(move_for(state, 0, orders).has_value());
}

TEST_CASE("an order that names no card to displace places a trading card only when it has a single target") {
  GameState state = four_players().build();
  sp::test::give_hand(state, 0, {"fur_shop"});
  sp::test::give_tableau(state, 0, {"fur_trapper"});
  const StandingOrder unnamed = written(state, 0, PlayOrder{card("fur_shop"), 10, {}, {}});
  CHECK(move_for(state, 0, {unnamed}) == Action{Play{card("fur_shop"), card("fur_trapper"), {}}});

  sp::test::give_tableau(state, 0, {"czar_and_carpenter"});  // carries every symbol: a second target
  CHECK_FALSE(move_for(state, 0, {unnamed}).has_value());
  const StandingOrder named = written(state, 0, PlayOrder{card("fur_shop"), 10, card("fur_trapper"), {}});
  CHECK(move_for(state, 0, {named}) == Action{Play{card("fur_shop"), card("fur_trapper"), {}}});
}

TEST_CASE("a Pickpocket answer plays the Pickpocket or keeps it when its holder is asked") {
  GameState state = four_players().expansions(true, false).build();
  sp::test::give_hand(state, 1, {"pickpocket"});
  sp::test::pass_round_of_phase(state);
  REQUIRE(state.step == Step::kPickpocket);
  REQUIRE(state.current == seat(1));
  CHECK(move_for(state, 1, {written(state, 1, PickpocketAnswer{true})}) ==
        Action{Play{card("pickpocket"), {}, {}}});
  CHECK(move_for(state, 1, {written(state, 1, PickpocketAnswer{false})}) == Action{Pass{false}});
}

TEST_CASE("passes and answers stay after use, until they expire") {
  GameState state = four_players().build();
  std::vector<StandingOrder> orders{written(state, 0, PassUntilPhaseEndOrder{}, Expiry::kUntilCancelled)};
  const StandingOrder kept = orders[0];
  order_used(orders, 0, state);
  CHECK(orders == std::vector<StandingOrder>{kept});
}

TEST_CASE("a drawn-card answer buys, takes or discards the Observatory's card, for the cards it names") {
  GameState state = building_phase(four_players().build());
  sp::test::give_tableau(state, 1, {"observatory"});
  act(state, 1, UseObservatory{Deck::kAristocrat});
  REQUIRE(state.step == Step::kDrawnCard);
  REQUIRE(state.drawn == card("administrator"));
  const StandingOrder buy_orange =
      written(state, 1, DrawnCardAnswer{DrawnCardChoice::kBuy, AnyOfColor{Color::kOrange}, 7, {}});
  const StandingOrder take_green = written(state, 1, DrawnCardAnswer{DrawnCardChoice::kTake, AnyOfColor{}, 0, {}});
  const StandingOrder take_any = written(state, 1, DrawnCardAnswer{DrawnCardChoice::kTake, {}, 0, {}});
  const StandingOrder discard = written(state, 1, DrawnCardAnswer{DrawnCardChoice::kDiscard, {}, 0, {}});
  CHECK(move_for(state, 1, {buy_orange}) == Action{Buy{card("administrator"), Source::kDrawn, {}}});
  CHECK(move_for(state, 1, {take_green, take_any}) == Action{Take{card("administrator"), Source::kDrawn}});
  CHECK(move_for(state, 1, {discard}) == Action{Discard{card("administrator"), Source::kDrawn}});
  const StandingOrder too_dear =
      written(state, 1, DrawnCardAnswer{DrawnCardChoice::kBuy, AnyOfColor{Color::kOrange}, 6, {}});
  CHECK_FALSE(move_for(state, 1, {too_dear, take_green}).has_value());
}

TEST_CASE("a Pub answer buys up to the points written after building scoring, or declines with 0") {
  TableOptions original;
  original.pub_timing = PubTiming::kAfterBuildingScoring;
  GameState state = building_phase(four_players().options(original).build());
  sp::test::give_tableau(state, 2, {"pub"});
  state.players[2].rubles = 7;  // 3 points at most
  while (state.step == Step::kActions && state.phase == Phase::kBuilding) act(state, state.current.value, Pass{});
  REQUIRE(state.step == Step::kPubPurchase);
  REQUIRE(state.current == seat(2));
  CHECK(move_for(state, 2, {written(state, 2, PubAnswer{5})}) == Action{BuyPoints{3}});
  CHECK(move_for(state, 2, {written(state, 2, PubAnswer{2})}) == Action{BuyPoints{2}});
  CHECK(move_for(state, 2, {written(state, 2, PubAnswer{0})}) == Action{Pass{false}});
}

TEST_CASE("a discard-pick answer buys the named card from the discard pile") {
  GameState state = building_phase(four_players().expansions(false, true).build());
  sp::test::give_tableau(state, 1, {"debtors_prison"});
  state.discard.push_back(card("lumberjack"));
  state.discard.push_back(card("market"));
  act(state, 1, UseDebtorsPrison{});
  REQUIRE(state.step == Step::kDiscardPick);
  const StandingOrder buy_market = written(state, 1, DiscardPickAnswer{PickChoice::kBuy, card("market"), 5, {}});
  CHECK(move_for(state, 1, {buy_market}) == Action{Buy{card("market"), Source::kDiscard, {}}});
  const StandingOrder take_any = written(state, 1, DiscardPickAnswer{PickChoice::kTake, {}, 0, {}});
  CHECK(move_for(state, 1, {take_any}) == Action{Take{card("lumberjack"), Source::kDiscard}});
}

TEST_CASE("a give-up answer gives up a pick only when nothing in the discard pile can be had") {
  GameState state = building_phase(four_players().expansions(false, true).build());
  sp::test::give_tableau(state, 1, {"debtors_prison"});
  state.discard.push_back(card("market"));
  act(state, 1, UseDebtorsPrison{});
  const StandingOrder give_up = written(state, 1, DiscardPickAnswer{PickChoice::kGiveUp, {}, 0, {}});
  CHECK_FALSE(move_for(state, 1, {give_up}).has_value());  // the Market can be taken
  sp::test::give_hand(state, 1, {"lumberjack", "lumberjack", "lumberjack"});
  state.players[1].rubles = 0;
  CHECK(move_for(state, 1, {give_up}) == Action{Discard{std::nullopt, Source::kDiscard}});
}

TEST_CASE("the first order that fits wins") {
  const GameState state = four_players().build();
  const std::vector<StandingOrder> orders{written(state, 0, BuyOrder{card("shepherd"), 4, {}, false}),
                                          written(state, 0, BuyOrder{card("gold_miner"), 4, {}, false}),
                                          written(state, 0, BuyOrder{card("lumberjack"), 3, {}, false}),
                                          written(state, 0, PassUntilPhaseEndOrder{})};
  auto move = standing_order_move(state, seat(0), orders);
  REQUIRE(move.has_value());
  CHECK(move->action == Action{Buy{card("gold_miner"), Source::kUpper, {}}});
  CHECK(move->order == 1);
}

TEST_CASE("when no order fits, the seat waits for its player") {
  const GameState state = four_players().build();
  const std::vector<StandingOrder> orders{written(state, 0, BuyOrder{card("shepherd"), 4, {}, false}),
                                          written(state, 0, PlayOrder{card("market"), 5, {}, {}})};
  CHECK_FALSE(standing_order_move(state, seat(0), orders).has_value());
}

TEST_CASE("never out of turn: a seat that is not to act gets no move from its orders") {
  const GameState state = four_players().build();
  for (int s = 1; s < 4; ++s) {
    const std::vector<StandingOrder> orders{written(state, s, PassUntilPhaseEndOrder{}),
                                            written(state, s, TakeOrder{AnyOfColor{}, false})};
    CHECK_FALSE(standing_order_move(state, seat(s), orders).has_value());
  }
}

TEST_CASE("an order until the end of the phase lapses when the phase ends") {
  GameState state = four_players().build();
  std::vector<StandingOrder> orders{written(state, 1, PassUntilPhaseEndOrder{}, Expiry::kPhaseEnd)};
  sp::test::pass_round_of_phase(state);
  REQUIRE(state.current == seat(1));
  CHECK_FALSE(move_for(state, 1, orders).has_value());
  CHECK(expire_orders(state, seat(1), orders).size() == 1);
  CHECK(orders.empty());
}

TEST_CASE("an order until the end of the round lasts through the round's phases and lapses with the round") {
  GameState state = four_players().build();
  std::vector<StandingOrder> orders{written(state, 1, PassUntilPhaseEndOrder{}, Expiry::kRoundEnd)};
  sp::test::pass_round_of_phase(state);
  CHECK(move_for(state, 1, orders) == Action{Pass{true}});
  CHECK(expire_orders(state, seat(1), orders).empty());
  while (state.round == 1) sp::test::pass_round_of_phase(state);
  CHECK(expire_orders(state, seat(1), orders).size() == 1);
}

TEST_CASE("an order until cancelled lasts into the next rounds, and lapses when the game ends") {
  GameState state = four_players().build();
  std::vector<StandingOrder> orders{written(state, 1, PassUntilPhaseEndOrder{}, Expiry::kUntilCancelled)};
  while (state.round == 1) sp::test::pass_round_of_phase(state);
  CHECK(expire_orders(state, seat(1), orders).empty());
  GameState over = state;
  over.phase = Phase::kFinished;
  over.step = Step::kFinished;
  CHECK(expire_orders(over, seat(1), orders).size() == 1);
}

TEST_CASE("an order that names a card no longer in the game's reach is refused: card_gone") {
  GameState state = four_players().build();
  sp::test::give_tableau(state, 2, {"czar_and_carpenter"});  // the only copy
  CHECK(refusal(state, 0, BuyOrder{card("czar_and_carpenter"), 8, {}, false}) == OrderErrorCode::kCardGone);
  CHECK(refusal(state, 0, TakeOrder{card("czar_and_carpenter"), false}) == OrderErrorCode::kCardGone);
}

TEST_CASE("a card still possibly in a stack is not refused, whatever the seat cannot see") {
  TableOptions hidden;
  hidden.public_hands = false;
  hidden.auto_pass_forced = false;
  GameState state = four_players().options(hidden).build();
  sp::test::give_hand(state, 2, {"czar_and_carpenter"});  // hidden from seat 0
  CHECK(write_order(state, seat(0), TakeOrder{card("czar_and_carpenter"), false}, Expiry::kPhaseEnd).has_value());
  CHECK(refusal(state, 2, TakeOrder{card("czar_and_carpenter"), false}) == OrderErrorCode::kCardGone);
}

TEST_CASE("a play of a card the seat does not hold and can never get is refused: cannot_get") {
  GameState state = four_players().build();
  sp::test::give_tableau(state, 2, {"czar_and_carpenter"});
  CHECK(refusal(state, 0, PlayOrder{card("czar_and_carpenter"), 8, {}, {}}) == OrderErrorCode::kCannotGet);
}

TEST_CASE("an order for a card outside the table's card set is refused: card_not_in_game") {
  const GameState state = four_players().build();
  CHECK(refusal(state, 0, BuyOrder{card("debtors_prison"), 8, {}, false}) == OrderErrorCode::kCardNotInGame);
  CHECK(refusal(state, 0, TakeOrder{AnyOfColor{Color::kPurple}, false}) == OrderErrorCode::kCardNotInGame);
  CHECK(refusal(state, 0, TakeOrder{CardId{250}, false}) == OrderErrorCode::kCardNotInGame);
}

TEST_CASE("a price limit below any price the card can ever have is refused: price_below_any_price") {
  const GameState state = four_players().build();
  CHECK(refusal(state, 0, BuyOrder{card("lumberjack"), 0, {}, false}) == OrderErrorCode::kPriceBelowAnyPrice);
  // One Academy, so no identical card; the lower row and the Carpenter Workshop take 2 off.
  CHECK(refusal(state, 0, BuyOrder{card("academy"), 20, {}, false}) == OrderErrorCode::kPriceBelowAnyPrice);
  CHECK(write_order(state, seat(0), BuyOrder{card("academy"), 21, {}, false}, Expiry::kPhaseEnd).has_value());
  CHECK(refusal(state, 0, PlayOrder{card("academy"), 21, {}, {}}) == OrderErrorCode::kPriceBelowAnyPrice);
}

TEST_CASE("a buy of a Banquet action card is refused: never_bought") {
  const GameState state = four_players().expansions(true, false).build();
  CHECK(refusal(state, 0, BuyOrder{card("jester"), 5, {}, false}) == OrderErrorCode::kNeverBought);
  CHECK(refusal(state, 0, BuyOrder{AnyOfColor{Color::kPurple}, 5, {}, false}) == OrderErrorCode::kNeverBought);
}

TEST_CASE("a displacement the card can never make is refused: invalid_displacement") {
  const GameState state = four_players().build();
  CHECK(refusal(state, 0, BuyOrder{card("fur_shop"), 10, card("lumberjack"), false}) ==
        OrderErrorCode::kInvalidDisplacement);
  CHECK(refusal(state, 0, BuyOrder{card("market"), 10, card("lumberjack"), false}) ==
        OrderErrorCode::kInvalidDisplacement);
}

TEST_CASE("a target the action card can never take is refused: invalid_target") {
  const GameState state = four_players().expansions(true, false).build();
  CHECK(refusal(state, 0, PlayOrder{card("jester"), 0, {}, card("lumberjack")}) == OrderErrorCode::kInvalidTarget);
  CHECK(refusal(state, 0, PlayOrder{card("market"), 5, {}, card("lumberjack")}) == OrderErrorCode::kInvalidTarget);
  CHECK(write_order(state, seat(0), PlayOrder{card("jester"), 0, {}, card("wharf")}, Expiry::kPhaseEnd).has_value());
}

TEST_CASE("a negative number of Pub points is refused: invalid_amount") {
  TableOptions original;
  original.pub_timing = PubTiming::kAfterBuildingScoring;
  const GameState state = four_players().options(original).build();
  CHECK(refusal(state, 0, PubAnswer{-1}) == OrderErrorCode::kInvalidAmount);
}

TEST_CASE("an answer to a question this table never asks is refused: question_never_asked") {
  const GameState state = four_players().build();  // online Pub, no Banquet, no New Society
  CHECK(refusal(state, 0, PubAnswer{3}) == OrderErrorCode::kQuestionNeverAsked);
  CHECK(refusal(state, 0, PickpocketAnswer{true}) == OrderErrorCode::kQuestionNeverAsked);
  CHECK(refusal(state, 0, DiscardPickAnswer{PickChoice::kGiveUp, {}, 0, {}}) == OrderErrorCode::kQuestionNeverAsked);
}

TEST_CASE("a play order for the Pickpocket is refused: asked_at_phase_start") {
  const GameState state = four_players().expansions(true, false).build();
  CHECK(refusal(state, 0, PlayOrder{card("pickpocket"), 0, {}, {}}) == OrderErrorCode::kAskedAtPhaseStart);
}

TEST_CASE("passing until the phase ends is refused where the table does not allow it: option_disabled") {
  TableOptions no_pass_until_phase_end;
  no_pass_until_phase_end.pass_until_phase_end = false;
  const GameState state = four_players().options(no_pass_until_phase_end).build();
  CHECK(refusal(state, 0, PassUntilPhaseEndOrder{}) == OrderErrorCode::kOptionDisabled);
  CHECK(refusal(state, 0, BuyOrder{card("lumberjack"), 3, {}, true}) == OrderErrorCode::kOptionDisabled);
}

TEST_CASE("an order for a phase that has ended is refused: expired") {
  GameState state = four_players().build();
  const StandingOrder order = written(state, 1, PassUntilPhaseEndOrder{});
  sp::test::pass_round_of_phase(state);
  auto valid = validate_order(state, seat(1), order);
  REQUIRE_FALSE(valid.has_value());
  CHECK(valid.error().code == OrderErrorCode::kExpired);
}

TEST_CASE("orders for a finished game or an unknown seat are refused: game_over, unknown_seat") {
  const GameState state = four_players().build();
  CHECK(refusal(state, 4, PassUntilPhaseEndOrder{}) == OrderErrorCode::kUnknownSeat);
  GameState over = state;
  over.phase = Phase::kFinished;
  over.step = Step::kFinished;
  CHECK(refusal(over, 0, PassUntilPhaseEndOrder{}) == OrderErrorCode::kGameOver);
}

TEST_CASE("order error codes are stable strings") {
  CHECK(to_string(OrderErrorCode::kCardGone) == "card_gone");
  CHECK(to_string(OrderErrorCode::kPriceBelowAnyPrice) == "price_below_any_price");
  CHECK(to_string(OrderErrorCode::kQuestionNeverAsked) == "question_never_asked");
}
