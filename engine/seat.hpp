// Seats and phases: who sits where, and where the game is in its round.
#pragma once

#include <cstdint>
#include <string_view>

namespace sp::engine {

inline constexpr int kMaxSeats = 5;
inline constexpr int kMinSeats = 2;

// A seat number: an index into the table's players, clockwise.
struct Seat {
  std::uint8_t value = 0;
  friend constexpr bool operator==(Seat, Seat) = default;
};

enum class Phase : std::uint8_t { kWorker, kBuilding, kAristocrat, kTrading, kFinished };

std::string_view to_string(Phase phase);

}  // namespace sp::engine
