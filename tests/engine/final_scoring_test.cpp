// Final scoring (rulebook "the final scoring", ruling 15).
#include "engine/scoring.hpp"

#include <doctest/doctest.h>

#include "tests/support/game_builder.hpp"

using namespace sp::engine;
using sp::test::card;
using sp::test::give_tableau;

TEST_CASE("the rulebook's final scoring: 6 distinct aristocrats 21, 17 rubles 1 point, no hand: 22 points") {
  GameState state = sp::test::GameBuilder(2).build();
  give_tableau(state, 0, {"author", "administrator", "warehouse_manager", "warehouse_manager", "secretary",
                          "controller", "judge"});
  state.players[0].rubles = 17;
  state.players[0].points = 52;
  state.players[0].hand.clear();
  score_final(state);
  CHECK(state.final_scores[0].aristocrat_bonus == 21);
  CHECK(state.final_scores[0].money_points == 1);
  CHECK(state.final_scores[0].hand_penalty == 0);
  CHECK(state.final_scores[0].total == 74);
  CHECK(state.players[0].points == 74);
}

TEST_CASE("each card left in hand costs 5 points") {
  GameState state = sp::test::GameBuilder(2).build();
  state.players[1].hand = Hand{card("theater"), card("lumberjack")};
  state.players[1].rubles = 0;
  score_final(state);
  CHECK(state.final_scores[1].hand_penalty == -10);
  CHECK(state.final_scores[1].total == -10);
}

TEST_CASE("orange trading cards count as distinct aristocrats, duplicates count nothing") {
  GameState state = sp::test::GameBuilder(2).build();
  give_tableau(state, 0, {"author", "author", "pope", "czar"});
  score_final(state);
  CHECK(state.final_scores[0].aristocrat_bonus == 6);
}

TEST_CASE("ten or more distinct aristocrats score 55 in the base game") {
  GameState state = sp::test::GameBuilder(2).build();
  give_tableau(state, 0, {"author", "administrator", "warehouse_manager", "secretary", "controller", "judge",
                          "mistress_of_ceremonies", "pope", "senator", "czar", "admiral"});
  score_final(state);
  CHECK(state.final_scores[0].aristocrat_bonus == 55);
}

TEST_CASE("most points wins; a tie goes to the most rubles; still tied, the players share the place") {
  GameState state = sp::test::GameBuilder(4).build();
  const int points[] = {30, 30, 30, 12};
  const int rubles[] = {5, 9, 5, 0};
  for (int seat = 0; seat < 4; ++seat) {
    state.players[seat].points = points[seat];
    state.players[seat].rubles = rubles[seat];
    state.players[seat].hand.clear();
  }
  score_final(state);
  CHECK(state.final_scores[1].place == 1);
  CHECK(state.final_scores[0].place == 2);
  CHECK(state.final_scores[2].place == 2);
  CHECK(state.final_scores[3].place == 4);
}
