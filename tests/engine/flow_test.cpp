// The order of play: turns, passing, the end of a phase, new cards, the end of
// a round and the last round (rulebook "playing the game", rulings 4 to 8).
#include "engine/rules.hpp"

#include <doctest/doctest.h>

#include "engine/legal_actions.hpp"
#include "tests/support/game_builder.hpp"

using namespace sp::engine;
using sp::test::act;
using sp::test::four_players;
using sp::test::card;
using sp::test::GameBuilder;

TEST_CASE("the opening display is two workers per player in the upper row") {
  const GameState state = four_players().build();
  CHECK(state.upper.size() == 8);
  CHECK(state.lower.empty());
  CHECK(state.stack(Deck::kWorker).size() == 10);
  CHECK(state.phase == Phase::kWorker);
  CHECK(state.current == sp::test::seat(0));
}

TEST_CASE("every player starts with 25 rubles") {
  const GameState state = four_players().build();
  for (int seat = 0; seat < 4; ++seat) CHECK(state.players[seat].rubles == 25);
}

TEST_CASE("the phase's starting player acts first, then play goes clockwise") {
  GameState state = four_players().markers(2, 1, 2, 3).build();
  CHECK(state.current == sp::test::seat(2));
  act(state, 2, Pass{});
  CHECK(state.current == sp::test::seat(3));
  act(state, 3, Pass{});
  CHECK(state.current == sp::test::seat(0));
}

TEST_CASE("the actions end when all players pass in a row, and a player who passed may act again") {
  GameState state = four_players().build();
  act(state, 0, Pass{});
  act(state, 1, Pass{});
  act(state, 2, Take{card("shepherd"), Source::kUpper});
  act(state, 3, Pass{});
  act(state, 0, Buy{card("lumberjack"), Source::kUpper, {}});  // passed before, acts again
  CHECK(state.phase == Phase::kWorker);
  act(state, 1, Pass{});
  act(state, 2, Pass{});
  act(state, 3, Pass{});
  CHECK(state.phase == Phase::kWorker);
  act(state, 0, Pass{});
  CHECK(state.phase == Phase::kBuilding);
}

TEST_CASE("the rulebook's aristocrat phase: the actions end after D, A, B and C pass in turn") {
  // Seats 0..3 are A..D; A starts the aristocrat phase.
  TableOptions original_passing;
  original_passing.auto_pass_forced = false;  // the rulebook's players say "pass!" themselves
  GameState state =
      four_players().options(original_passing).markers(0, 0, 0, 0).rubles({40, 40, 40, 40}).build();
  sp::test::pass_round_of_phase(state);  // workers
  sp::test::pass_round_of_phase(state);  // buildings
  REQUIRE(state.phase == Phase::kAristocrat);
  state.upper = Row{card("administrator"), card("administrator"), card("secretary"), card("ship_builder"),
                    card("st_isaacs_cathedral")};
  state.lower.clear();
  state.players[2].hand = Hand{card("warehouse_manager")};

  act(state, 0, Buy{card("administrator"), Source::kUpper, {}});
  act(state, 1, Pass{});
  act(state, 2, Buy{card("administrator"), Source::kUpper, {}});
  act(state, 3, Take{card("secretary"), Source::kUpper});
  act(state, 0, Take{card("ship_builder"), Source::kUpper});
  act(state, 1, Take{card("st_isaacs_cathedral"), Source::kUpper});
  act(state, 2, Play{card("warehouse_manager"), {}, {}});
  act(state, 3, Pass{});
  act(state, 0, Pass{});
  act(state, 1, Pass{});
  CHECK(state.phase == Phase::kAristocrat);
  act(state, 2, Pass{});
  CHECK(state.phase == Phase::kTrading);
  CHECK(state.players[2].rubles == 40 - 7 - 10 + 2 + 3);  // paid, then scored both aristocrats
}

TEST_CASE("after each phase's scoring the display is filled to 8 from the next stack, new cards in the upper row") {
  GameState state = four_players().build();
  act(state, 0, Buy{card("lumberjack"), Source::kUpper, {}});
  act(state, 1, Buy{card("gold_miner"), Source::kUpper, {}});
  act(state, 2, Take{card("shepherd"), Source::kUpper});
  sp::test::pass_round_of_phase(state);
  REQUIRE(state.phase == Phase::kBuilding);
  CHECK(state.upper.size() == 8);
  CHECK(state.upper[5] == card("market"));
  CHECK(state.upper[6] == card("customs_house"));
  CHECK(state.upper[7] == card("firehouse"));
  CHECK(state.stack(Deck::kBuilding).size() == 8);
}

TEST_CASE("worker scoring pays each worker's rubles") {
  GameState state = four_players().build();
  act(state, 0, Buy{card("lumberjack"), Source::kUpper, {}});
  act(state, 1, Pass{});
  act(state, 2, Pass{});
  act(state, 3, Pass{});
  act(state, 0, Buy{card("gold_miner"), Source::kUpper, {}});
  sp::test::pass_round_of_phase(state);
  CHECK(state.players[0].rubles == 25 - 3 - 4 + 6);
  CHECK(state.players[1].rubles == 25);
}

TEST_CASE("a phase in which nobody takes a card places no new cards, and the game goes on") {
  GameState state = four_players().build();
  sp::test::pass_round_of_phase(state);  // workers: nobody takes anything
  // 8 cards are still on the board, so the building fill places none.
  CHECK(state.phase == Phase::kBuilding);
  CHECK(state.upper.size() == 8);
  CHECK(state.stack(Deck::kBuilding).size() == 11);
  sp::test::pass_round_of_phase(state);
  CHECK(state.phase == Phase::kAristocrat);
  CHECK(state.stack(Deck::kAristocrat).size() == 10);
}

TEST_CASE("at the end of the round the lower row is discarded, the upper row moves down and markers move left") {
  GameState state = four_players().markers(0, 1, 2, 3).build();
  act(state, 0, Take{card("lumberjack"), Source::kUpper});
  sp::test::pass_round_of_phase(state);  // workers; 1 building placed
  sp::test::pass_round_of_phase(state);
  sp::test::pass_round_of_phase(state);
  REQUIRE(state.phase == Phase::kTrading);
  REQUIRE(state.round == 1);
  sp::test::pass_round_of_phase(state);
  CHECK(state.round == 2);
  CHECK(state.phase == Phase::kWorker);
  CHECK(state.lower.size() == 8);  // the round's upper row moved down
  CHECK(state.upper.empty());      // nothing left to fill: 8 cards on the board
  CHECK(state.markers[0] == sp::test::seat(1));
  CHECK(state.markers[3] == sp::test::seat(0));
  CHECK(state.current == sp::test::seat(1));

  // Next round: the lower row's leftovers are discarded at its end.
  sp::test::pass_round_of_phase(state);
  sp::test::pass_round_of_phase(state);
  sp::test::pass_round_of_phase(state);
  sp::test::pass_round_of_phase(state);
  CHECK(state.discard.size() == 8);
  CHECK(state.lower.empty());
  CHECK(state.upper.size() == 8);  // workers filled the emptied display
}

TEST_CASE("the end of a round names the cards discarded from the lower row and those that moved down") {
  GameState state = four_players().markers(0, 1, 2, 3).build();
  for (int phase = 0; phase < 4; ++phase) sp::test::pass_round_of_phase(state);  // round 1: the upper row moves down
  REQUIRE(state.round == 2);
  // Both rows together hold eight cards: a card bought from the lower row lets
  // the building phase place one in the upper row.
  act(state, state.current.value, Buy{state.lower[0], Source::kLower, {}});
  for (int phase = 0; phase < 3; ++phase) sp::test::pass_round_of_phase(state);
  REQUIRE(state.phase == Phase::kTrading);
  const Row lower = state.lower;
  const Row upper = state.upper;
  REQUIRE_FALSE(lower.empty());
  REQUIRE_FALSE(upper.empty());
  std::optional<RoundEnded> ended;
  for (int guard = 0; guard < 20 && !ended; ++guard) {
    Events events;
    REQUIRE(apply_in_place(state, state.current, Pass{}, &events).has_value());
    for (const Event& e : events) {
      if (const auto* r = std::get_if<RoundEnded>(&e)) ended = *r;
    }
  }
  REQUIRE(ended);
  CHECK(ended->round == 2);
  CHECK(ended->discarded_from_lower_row == static_cast<int>(lower.size()));
  CHECK(ended->discarded == lower);
  CHECK(ended->moved_down == upper);
}

TEST_CASE("when a fill places a stack's last card, that round is the last and the game ends after its trading phase") {
  GameState state = GameBuilder(2)
                        .stack(Deck::kWorker, {"lumberjack", "gold_miner", "shepherd", "fur_trapper", "ship_builder",
                                               "lumberjack", "gold_miner", "shepherd", "fur_trapper", "ship_builder"})
                        .stack(Deck::kBuilding, {"market", "customs_house", "firehouse"})
                        .markers(0, 1, 0, 1)
                        .build();
  act(state, 0, Buy{card("lumberjack"), Source::kUpper, {}});
  act(state, 1, Buy{card("gold_miner"), Source::kUpper, {}});
  act(state, 0, Buy{card("shepherd"), Source::kUpper, {}});
  act(state, 1, Pass{});
  act(state, 0, Pass{});
  REQUIRE(state.phase == Phase::kBuilding);
  CHECK(state.stack(Deck::kBuilding).empty());
  CHECK(state.last_round);
  sp::test::pass_round_of_phase(state);
  sp::test::pass_round_of_phase(state);
  CHECK_FALSE(state.is_finished());
  sp::test::pass_round_of_phase(state);
  CHECK(state.is_finished());
  CHECK(seats_to_act(state).empty());
}

TEST_CASE("pass until phase end: the engine passes for the seat until the phase's actions end") {
  GameState state = four_players().build();
  act(state, 0, Pass{true});
  act(state, 1, Buy{card("gold_miner"), Source::kUpper, {}});
  act(state, 2, Pass{});
  act(state, 3, Pass{});
  // Seat 0 is passed for; seat 1 acts again.
  CHECK(state.current == sp::test::seat(1));
  act(state, 1, Pass{});
  CHECK(state.phase == Phase::kBuilding);
  CHECK_FALSE(state.players[0].passed_until_phase_end);  // the flag clears with the phase
}

TEST_CASE("pass until phase end can be withdrawn at any moment, even off turn") {
  GameState state = four_players().build();
  act(state, 0, Pass{true});
  act(state, 1, Buy{card("gold_miner"), Source::kUpper, {}});
  act(state, 0, CancelPassUntilPhaseEnd{});
  act(state, 2, Pass{});
  act(state, 3, Pass{});
  CHECK(state.current == sp::test::seat(0));
  CHECK(state.phase == Phase::kWorker);
}

TEST_CASE("a seat whose only legal action is to pass is passed for") {
  GameState state = four_players().rubles({25, 0, 25, 25}).build();
  state.players[1].hand = Hand{card("lumberjack"), card("lumberjack"), card("lumberjack")};
  act(state, 0, Pass{});
  CHECK(state.current == sp::test::seat(2));  // seat 1 could neither buy nor take
}
