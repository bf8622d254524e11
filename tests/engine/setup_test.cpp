// Setup (rulebook "preparation", rulings 1 to 3).
#include "engine/setup.hpp"

#include <doctest/doctest.h>

#include "tests/support/game_builder.hpp"

using namespace sp::engine;

namespace {

std::array<int, kMaxSeats> markers_per_seat(const GameState& state) {
  std::array<int, kMaxSeats> count{};
  for (Seat holder : state.markers) ++count[holder.value];
  return count;
}

GameSetup random_setup(int players, std::uint64_t seed, bool new_society = false) {
  GameSetup setup;
  setup.player_count = players;
  setup.seed = seed;
  setup.options.expansions.new_society = new_society;
  return setup;
}

}  // namespace

TEST_CASE("markers are dealt so that every player has one or two: two each with 2 players, one has two with 3") {
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    for (int players = 2; players <= 4; ++players) {
      const auto state = new_game(random_setup(players, seed));
      REQUIRE(state.has_value());
      const auto count = markers_per_seat(*state);
      for (int seat = 0; seat < players; ++seat) {
        CHECK(count[seat] >= 1);
        CHECK(count[seat] <= 2);
      }
    }
  }
}

TEST_CASE("with five players each holds one marker and the fifth the disc, with 27 rubles") {
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    const auto state = new_game(random_setup(5, seed, true));
    REQUIRE(state.has_value());
    const auto count = markers_per_seat(*state);
    REQUIRE(state->disc_holder != kNoSeat);
    CHECK(count[state->disc_holder] == 0);
    CHECK(state->players[state->disc_holder].rubles == 27);
    CHECK(state->players[state->disc_holder].points == 2);  // the first round's start
    CHECK(state->upper.size() == 10);
  }
}

TEST_CASE("the base game's stacks hold 31 workers, 28 buildings, 27 aristocrats and 30 trading cards") {
  const auto state = new_game(random_setup(4, 5));
  REQUIRE(state.has_value());
  CHECK(state->stack(Deck::kWorker).size() + state->upper.size() == 31);
  CHECK(state->stack(Deck::kBuilding).size() == 28);
  CHECK(state->stack(Deck::kAristocrat).size() == 27);
  CHECK(state->stack(Deck::kTrading).size() == 30);
}

TEST_CASE("The New Society removes the seven cards it replaces and adds its own") {
  const Expansions ns{false, true};
  CHECK_FALSE(is_in_card_set(sp::test::card("czar_and_carpenter"), ns));
  CHECK_FALSE(is_in_card_set(sp::test::card("observatory"), ns));
  CHECK_FALSE(is_in_card_set(sp::test::card("academy"), ns));
  CHECK_FALSE(is_in_card_set(sp::test::card("mistress_of_ceremonies"), ns));
  CHECK_FALSE(is_in_card_set(sp::test::card("mariinskij_theater"), ns));
  CHECK(is_in_card_set(sp::test::card("czar_and_carpenter_ns"), ns));
  CHECK(deck_cards(Deck::kWorker, ns).size() == 31 - 1 + 7);
}

TEST_CASE("the same seed deals the same game; another seed another") {
  const auto a = new_game(random_setup(4, 42));
  const auto b = new_game(random_setup(4, 42));
  const auto c = new_game(random_setup(4, 43));
  CHECK(*a == *b);
  CHECK_FALSE(*a == *c);
}

TEST_CASE("five players need The New Society; a table seats 2 to 5") {
  CHECK_FALSE(new_game(random_setup(5, 1)).has_value());
  CHECK_FALSE(new_game(random_setup(1, 1)).has_value());
  CHECK_FALSE(new_game(random_setup(6, 1, true)).has_value());
}
