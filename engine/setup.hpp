// GameSetup: what a table fixes before play, and new_game, which deals it.
//
// A game's state is a function of its setup and its action log. The setup's
// seed decides everything the setup leaves open (the shuffles and the starting-
// player markers); tests and scenarios may fix the stacks, markers and money.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/card.hpp"
#include "engine/expected.hpp"
#include "engine/options.hpp"
#include "engine/rule_error.hpp"
#include "engine/state.hpp"

namespace sp::engine {

struct GameSetup {
  int player_count = 4;
  TableOptions options;
  std::uint64_t seed = 0;
  // Per stack, top card first; left out, the stack is the full shuffled deck.
  std::array<std::optional<std::vector<CardId>>, kDeckCount> stacks;
  // Holder of each phase's marker (worker, building, aristocrat, trading).
  std::optional<std::array<Seat, 4>> starting_markers;
  std::optional<std::vector<int>> rubles;
  std::optional<Seat> disc;  // five players only
};

struct SetupError {
  std::string message;
};

// Deals a new game: stacks, markers, money and the opening display.
[[nodiscard]] Expected<GameState, SetupError> new_game(const GameSetup& setup);

// The cards of one deck for a table's expansions, in catalogue order.
std::vector<CardId> deck_cards(Deck deck, const Expansions& expansions);

// Whether the card is in the game with these expansions.
bool is_in_card_set(CardId card, const Expansions& expansions);

// How many copies of the card the game has with these expansions (0 when it is
// not in the card set).
int copies_in_game(CardId card, const Expansions& expansions);

}  // namespace sp::engine
