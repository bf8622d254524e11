// Picking a card from the discard pile (Debtor's Prison, Black Market): what
// may be picked, and whether a pick is possible at all (rulings 17, 18, 24).
#pragma once

#include <cstddef>

#include "engine/card.hpp"
#include "engine/seat.hpp"
#include "engine/state.hpp"

namespace sp::engine {

// Whether the pile holds a card that is not a Banquet action card.
bool discard_has_pickable(const GameState& state);

// Whether the player could pay for and place `card` from outside the board
// (every reduction but the lower row's), displacing something where needed.
bool can_place(const PlayerState& player, CardId card);

// Whether `seat`, holding `hand_size` cards, could buy or take some card of the
// pile. The Black Market asks this for the hand it leaves behind.
bool discard_pick_possible(const GameState& state, Seat seat, std::size_t hand_size);

}  // namespace sp::engine
