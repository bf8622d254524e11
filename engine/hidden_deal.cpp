#include "engine/hidden_deal.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <vector>

#include "engine/card.hpp"
#include "engine/invariant.hpp"

namespace sp::engine {

GameState imagine_hidden(const GameState& state, Seat seat, Rng& rng) {
  SP_ASSERT(state.current == seat);
  GameState imagined = state;
  const bool hands_hidden = !state.options.public_hands;

  std::array<std::vector<CardId>, kDeckCount> unseen;
  for (int d = 0; d < kDeckCount; ++d) unseen[d].assign(state.stacks[d].begin(), state.stacks[d].end());
  for (int other = 0; other < state.player_count; ++other) {
    if (other == seat.value) continue;
    PlayerState& player = imagined.players[other];
    if (!state.options.public_money) player.rubles = state.player(seat).rubles;
    if (!hands_hidden) continue;
    for (CardId card : player.hand) unseen[static_cast<int>(spec(card).deck)].push_back(card);
  }

  // Catalogue order first, so the real order of the cards leaves no trace.
  std::vector<CardId> for_hands;
  for (int d = 0; d < kDeckCount; ++d) {
    std::vector<CardId>& cards = unseen[d];
    std::sort(cards.begin(), cards.end(), [](CardId a, CardId b) { return a.value < b.value; });
    rng.shuffle(std::span<CardId>(cards));
    const std::size_t in_stack = state.stacks[d].size();
    Stack& stack = imagined.stacks[d];
    stack.clear();
    for (std::size_t i = 0; i < cards.size(); ++i) {
      if (i < in_stack) {
        stack.push_back(cards[i]);
      } else {
        for_hands.push_back(cards[i]);
      }
    }
  }
  if (!hands_hidden) return imagined;
  rng.shuffle(std::span<CardId>(for_hands));
  std::size_t next = 0;
  for (int other = 0; other < state.player_count; ++other) {
    if (other == seat.value) continue;
    for (CardId& held : imagined.players[other].hand) held = for_hands[next++];
  }
  return imagined;
}

}  // namespace sp::engine
