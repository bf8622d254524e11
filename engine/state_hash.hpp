// A canonical hash of a game state: equal states hash equal on every machine,
// so a replay can prove that it reached the state a live game reached. It
// covers the hidden stack order, so it is shown to administrators only (or
// after the game ends).
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "engine/state.hpp"

namespace sp::engine {

std::uint64_t state_hash(const GameState& state);

// The hash as 16 lowercase hex digits.
std::string state_hash_hex(const GameState& state);

// How many copies of each card the state holds, wherever they lie (stacks,
// rows, discard pile, hands, tableaus, the drawn card, the Jesters and
// Banquets lying on cards). Cards are never created or destroyed, so this stays
// equal to the deal's all game long.
using CardCensus = std::array<int, 256>;
CardCensus card_census(const GameState& state);

}  // namespace sp::engine
