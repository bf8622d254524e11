#include "engine/discard_pick.hpp"

#include "engine/pricing.hpp"
#include "engine/tableau.hpp"

namespace sp::engine {

bool discard_has_pickable(const GameState& state) {
  return state.discard.find_if([](CardId card) { return !spec(card).is_action_card(); }) >= 0;
}

bool can_place(const PlayerState& player, CardId card) {
  if (spec(card).is_action_card()) return false;
  if (!spec(card).trading) return price(player, PriceQuery{card, false, std::nullopt}) <= player.rubles;
  return player.tableau.find_if([&](const TableauCard& target) {
    return can_displace(card, target) &&
           price(player, PriceQuery{card, false, target.card}) <= player.rubles;
  }) >= 0;
}

bool discard_pick_possible(const GameState& state, Seat seat, std::size_t hand_size) {
  if (!discard_has_pickable(state)) return false;
  const PlayerState& player = state.player(seat);
  if (static_cast<int>(hand_size) < hand_limit(player)) return true;
  return state.discard.find_if([&](CardId card) { return can_place(player, card); }) >= 0;
}

}  // namespace sp::engine
