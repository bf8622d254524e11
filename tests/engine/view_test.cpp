// Views: what each viewer may see (the online options, and hidden ones).
#include "engine/view.hpp"

#include <doctest/doctest.h>

#include "tests/support/game_builder.hpp"

using namespace sp::engine;
using sp::test::card;
using sp::test::GameBuilder;

TEST_CASE("no player or spectator view holds the stacks' order") {
  const GameState state = GameBuilder(3).seed(99).build();
  for (Viewer viewer : {Viewer::of_seat(sp::test::seat(0)), Viewer::of_seat(sp::test::seat(2)), Viewer::spectator()}) {
    const TableView v = view_for(state, viewer);
    for (const StackView& s : v.stacks) CHECK_FALSE(s.order.has_value());
  }
  const TableView admin = view_for(state, Viewer::administrator());
  CHECK(admin.stacks[0].order.has_value());
  CHECK(admin.stacks[0].order->front() == state.stacks[0].back());  // top card first
}

TEST_CASE("the stack peek shows which cards remain and how many, in catalogue order, not stack order") {
  const GameState state = GameBuilder(2)
                              .stack(Deck::kWorker, {"ship_builder", "lumberjack", "gold_miner", "lumberjack",
                                                     "ship_builder", "fur_trapper", "lumberjack"})
                              .build();
  const TableView v = view_for(state, Viewer::spectator());
  REQUIRE(v.stacks[0].contents.has_value());
  const std::vector<CardCount>& c = *v.stacks[0].contents;
  REQUIRE(c.size() == 3);
  CHECK(c[0].card == card("lumberjack"));
  CHECK(c[0].count == 1);
  CHECK(c[1].card == card("fur_trapper"));
  CHECK(c[2].card == card("ship_builder"));
  CHECK(v.stacks[0].size == 3);
}

TEST_CASE("without the stack peek only the stacks' sizes are shown") {
  TableOptions options;
  options.stack_peek = false;
  const GameState state = GameBuilder(2).options(options).build();
  const TableView v = view_for(state, Viewer::of_seat(sp::test::seat(0)));
  for (const StackView& s : v.stacks) CHECK_FALSE(s.contents.has_value());
}

TEST_CASE("money and hands are public by default") {
  GameState state = GameBuilder(2).build();
  state.players[1].hand = Hand{card("theater")};
  const TableView v = view_for(state, Viewer::of_seat(sp::test::seat(0)));
  CHECK(v.players[1].rubles == 25);
  REQUIRE(v.players[1].hand.has_value());
  CHECK(v.players[1].hand->front() == card("theater"));
}

TEST_CASE("hidden money and hands are shown to their owner only") {
  TableOptions options;
  options.public_money = false;
  options.public_hands = false;
  options.auto_pass_forced = false;
  GameState state = GameBuilder(2).options(options).build();
  state.players[1].hand = Hand{card("theater")};
  const TableView other = view_for(state, Viewer::of_seat(sp::test::seat(0)));
  CHECK_FALSE(other.players[1].rubles.has_value());
  CHECK_FALSE(other.players[1].hand.has_value());
  CHECK(other.players[1].hand_size == 1);
  CHECK(other.players[0].rubles.has_value());
  const TableView own = view_for(state, Viewer::of_seat(sp::test::seat(1)));
  CHECK(own.players[1].hand.has_value());
  const TableView spectator = view_for(state, Viewer::spectator());
  CHECK_FALSE(spectator.players[0].rubles.has_value());
}

TEST_CASE("forced passes are refused at setup when money or hands are hidden") {
  GameSetup setup = GameBuilder(2).setup();
  setup.options.public_money = false;
  setup.options.auto_pass_forced = true;
  CHECK_FALSE(new_game(setup).has_value());
}

TEST_CASE("with hidden hands the card an Observatory drew is its drawer's: others learn only that a card was drawn") {
  TableOptions hidden;
  hidden.public_hands = false;
  const Event drew = ObservatoryUsed{Seat{0}, Deck::kBuilding, card("theater")};
  const EventView other = event_for(drew, hidden, Viewer::of_seat(Seat{1}));
  CHECK(other.drawn_card_hidden);
  CHECK(std::get<ObservatoryUsed>(other.event).drawn == CardId{});
  CHECK(std::get<ObservatoryUsed>(other.event).stack == Deck::kBuilding);
  CHECK(event_for(drew, hidden, Viewer::spectator()).drawn_card_hidden);
  CHECK_FALSE(event_for(drew, hidden, Viewer::of_seat(Seat{0})).drawn_card_hidden);
  CHECK_FALSE(event_for(drew, hidden, Viewer::administrator()).drawn_card_hidden);

  const Event taken = CardTaken{Seat{0}, card("theater"), Source::kDrawn};
  const EventView seen = event_for(taken, hidden, Viewer::of_seat(Seat{1}));
  CHECK(seen.drawn_card_hidden);
  CHECK(std::get<CardTaken>(seen.event).card == CardId{});
}

TEST_CASE("a card taken from a row is public even with hidden hands: it lay face up") {
  TableOptions hidden;
  hidden.public_hands = false;
  const Event taken = CardTaken{Seat{0}, card("theater"), Source::kUpper};
  const EventView seen = event_for(taken, hidden, Viewer::of_seat(Seat{1}));
  CHECK_FALSE(seen.drawn_card_hidden);
  CHECK(std::get<CardTaken>(seen.event).card == card("theater"));
}

TEST_CASE("with public hands every viewer sees the Observatory's card") {
  const Event drew = ObservatoryUsed{Seat{0}, Deck::kBuilding, card("theater")};
  const EventView seen = event_for(drew, TableOptions{}, Viewer::spectator());
  CHECK_FALSE(seen.drawn_card_hidden);
  CHECK(std::get<ObservatoryUsed>(seen.event).drawn == card("theater"));
}
