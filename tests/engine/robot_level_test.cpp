// Robot levels (issue 33): every level finishes games with legal actions, its
// choice depends only on what its seat may know and on the generator, and
// the imagined deals a search plays keep every card and every size in place.
#include "engine/robot_level.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <span>
#include <vector>

#include "engine/hidden_deal.hpp"
#include "engine/legal_actions.hpp"
#include "engine/rules.hpp"
#include "engine/setup.hpp"
#include "engine/view.hpp"

#include "tests/support/game_configs.hpp"
#include "tests/support/robot_tables.hpp"

using namespace sp::engine;
using sp::test::is_legal;
using sp::test::new_table;
using sp::test::secretive_options;
using sp::test::with_other_secrets;

namespace {

// The deep search is the quick one with a larger budget, too slow for whole games in tests.
constexpr std::array<RobotLevel, 3> kLevels{RobotLevel::kRandom, RobotLevel::kWorth, RobotLevel::kQuickSearch};

// Each card of the game counted wherever it lies but the stacks and the hands.
std::array<int, 256> census_outside(const GameState& state) {
  std::array<int, 256> counts{};
  for (const Row* row : {&state.upper, &state.lower}) {
    for (CardId card : *row) ++counts[card.value];
  }
  for (CardId card : state.discard) ++counts[card.value];
  for (int s = 0; s < state.player_count; ++s) {
    for (const TableauCard& t : state.players[s].tableau) ++counts[t.card.value];
  }
  return counts;
}

std::array<int, 256> census_hidden(const GameState& state) {
  std::array<int, 256> counts{};
  for (const Stack& stack : state.stacks) {
    for (CardId card : stack) ++counts[card.value];
  }
  for (int s = 0; s < state.player_count; ++s) {
    for (CardId card : state.players[s].hand) ++counts[card.value];
  }
  return counts;
}

// Plays `state` forward with today's robot for `moves` actions (or to the end).
void advance(GameState& state, int moves, Rng& rng) {
  for (int n = 0; n < moves && !state.is_finished(); ++n) {
    const Seat seat = state.current;
    REQUIRE(apply_in_place(state, seat, choose_robot_action(state, seat, rng, RobotLevel::kWorth), nullptr).has_value());
  }
}

}  // namespace

TEST_CASE("robot levels read from their words") {
  CHECK(robot_level_from_string("0") == RobotLevel::kRandom);
  CHECK(robot_level_from_string("1") == RobotLevel::kWorth);
  CHECK(robot_level_from_string("3") == RobotLevel::kDeepSearch);
  CHECK(robot_level_from_string("strongest") == kStrongestRobot);
  CHECK_FALSE(robot_level_from_string("4").has_value());
  CHECK_FALSE(robot_level_from_string("").has_value());
  CHECK_FALSE(robot_level_from_string("12").has_value());
}

TEST_CASE("an imagined deal keeps what the seat sees and every card of the game") {
  for (const sp::test::GameConfig& config : sp::test::all_game_configs()) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const TableOptions options = seed % 2 == 0 ? secretive_options() : TableOptions{};
      GameState state = new_table(config.players, config.expansions, seed, options);
      Rng play(seed);
      advance(state, 40 * static_cast<int>(seed), play);
      if (state.is_finished()) continue;
      const Seat seat = state.current;
      Rng imagine(seed + 99);
      const GameState imagined = imagine_hidden(state, seat, imagine);
      const TableView seen = view_for(state, Viewer::of_seat(seat));
      const TableView imagined_seen = view_for(imagined, Viewer::of_seat(seat));
      CHECK(imagined_seen.players == seen.players);
      CHECK(imagined_seen.stacks == seen.stacks);
      CHECK(imagined_seen.upper == seen.upper);
      CHECK(imagined_seen.lower == seen.lower);
      CHECK(imagined_seen.discard == seen.discard);
      CHECK(imagined_seen.drawn == seen.drawn);
      CHECK(census_outside(imagined) == census_outside(state));
      CHECK(census_hidden(imagined) == census_hidden(state));
      for (int d = 0; d < kDeckCount; ++d) {
        for (CardId card : imagined.stacks[d]) CHECK(spec(card).deck == static_cast<Deck>(d));
      }
    }
  }
}

TEST_CASE("an imagined deal does not depend on the real one's hidden order, hands or money") {
  for (const sp::test::GameConfig& config : sp::test::all_game_configs()) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const TableOptions options = seed % 2 == 0 ? secretive_options() : TableOptions{};
      GameState state = new_table(config.players, config.expansions, seed, options);
      Rng play(seed);
      Rng rearrange(seed + 1000);
      while (!state.is_finished()) {
        const Seat seat = state.current;
        const GameState other = with_other_secrets(state, seat, rearrange);
        Rng a(state.move_number);
        Rng b(state.move_number);
        REQUIRE(imagine_hidden(state, seat, a) == imagine_hidden(other, seat, b));
        advance(state, 1, play);
      }
    }
  }
}

TEST_CASE("every level finishes games with every expansion set, every action legal") {
  for (RobotLevel level : kLevels) {
    for (const sp::test::GameConfig& config : sp::test::all_game_configs()) {
      // A search returns one of the legal actions it was given: two
      // configurations are enough, and slow enough.
      const bool searching = level == RobotLevel::kQuickSearch;
      if (searching && !(config.expansions.banquet && config.expansions.new_society && config.players % 3 == 2)) continue;
      CAPTURE(static_cast<int>(level));
      CAPTURE(config.players);
      const std::uint64_t seeds = searching ? 1 : 3;
      for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
        GameState state = new_table(config.players, config.expansions, seed,
                                    (seed + config.players) % 2 == 0 ? TableOptions{} : secretive_options());
        Rng rng(seed * 7919);
        Rng others(seed);
        int actions = 0;
        while (!state.is_finished() && actions < 20000) {
          const Seat seat = state.current;
          // The level at seat 0, today's robot elsewhere: searches at every seat would be slow.
          const Action action = seat.value == 0 ? choose_robot_action(state, seat, rng, level)
                                                : choose_robot_action(state, seat, others, RobotLevel::kWorth);
          REQUIRE(is_legal(state, seat, action));
          REQUIRE(apply_in_place(state, seat, action, nullptr).has_value());
          ++actions;
        }
        CHECK(state.is_finished());
      }
    }
  }
}

TEST_CASE("a searching robot's choice does not depend on the stacks' order nor hidden hands and money") {
  int compared = 0;
  for (const sp::test::GameConfig& config : sp::test::all_game_configs()) {
    const TableOptions options = config.players % 2 == 0 ? secretive_options() : TableOptions{};
    GameState state = new_table(config.players, config.expansions, config.players, options);
    Rng play(config.players);
    Rng rearrange(1000);
    int decisions = 0;
    while (!state.is_finished()) {
      const Seat seat = state.current;
      // Every eleventh decision is searched twice; the others pass quickly.
      if (++decisions % 11 == 0) {
        const GameState other = with_other_secrets(state, seat, rearrange);
        Rng a(state.move_number);
        Rng b(state.move_number);
        const Action chosen = choose_robot_action(state, seat, a, RobotLevel::kQuickSearch);
        if (other != state) {
          REQUIRE(choose_robot_action(other, seat, b, RobotLevel::kQuickSearch) == chosen);
          ++compared;
        }
      }
      advance(state, 1, play);
    }
  }
  MESSAGE("searched decisions compared: " << compared);
  CHECK(compared > 100);
}

TEST_CASE("a searching robot's choice depends only on the state and the generator") {
  GameState state = new_table(3, Expansions{true, true}, 5);
  Rng play(5);
  int decisions = 0;
  while (!state.is_finished()) {
    const Seat seat = state.current;
    if (++decisions % 9 == 0) {
      Rng a(state.move_number * 31);
      Rng b(state.move_number * 31);
      const Action chosen = choose_robot_action(state, seat, a, RobotLevel::kQuickSearch);
      REQUIRE(choose_robot_action(state, seat, b, RobotLevel::kQuickSearch) == chosen);
      REQUIRE(is_legal(state, seat, chosen));
    }
    advance(state, 1, play);
  }
}
