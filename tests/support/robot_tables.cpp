#include "tests/support/robot_tables.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <span>
#include <utility>

#include "engine/card.hpp"
#include "engine/legal_actions.hpp"
#include "engine/setup.hpp"

namespace sp::test {

using namespace sp::engine;

GameState new_table(int players, Expansions expansions, std::uint64_t seed, TableOptions options) {
  GameSetup setup;
  setup.player_count = players;
  setup.options = options;
  setup.options.expansions = expansions;
  setup.seed = seed;
  auto state = new_game(setup);
  REQUIRE(state.has_value());
  return *state;
}

TableOptions secretive_options() {
  TableOptions options;
  options.public_money = false;
  options.public_hands = false;
  options.stack_peek = false;
  options.auto_pass_forced = false;
  return options;
}

bool is_legal(const GameState& state, Seat seat, const Action& action) {
  const auto legal = legal_actions(state, seat);
  return std::any_of(legal.begin(), legal.end(), [&](const LegalAction& l) { return l.action == action; });
}

GameState with_other_secrets(GameState state, Seat seat, Rng& rng) {
  for (Stack& stack : state.stacks) rng.shuffle(std::span<CardId>(stack.begin(), stack.end()));
  if (state.options.public_hands) return state;
  for (int other = 0; other < state.player_count; ++other) {
    if (other == seat.value) continue;
    PlayerState& player = state.players[other];
    if (!state.options.public_money) player.rubles += 7;
    for (CardId& held : player.hand) {
      Stack& stack = state.stack(spec(held).deck);
      if (stack.empty()) continue;
      std::swap(held, stack[static_cast<std::size_t>(rng.below(stack.size()))]);
    }
  }
  return state;
}

}  // namespace sp::test
