// Seat control: who chooses a seat's moves. A person (human); the server's
// robot (robot), filled at a table's creation or taking over after timeouts;
// or nobody (absent): the seat then passes on its own. Every move is logged
// with who chose it (its actor), for people reading the log; replays need only
// the seat and the action.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/action.hpp"
#include "engine/seat.hpp"
#include "engine/state.hpp"

namespace sp::server {

enum class SeatController : std::uint8_t { kHuman, kRobot, kAbsent };

std::string_view to_string(SeatController controller);
std::optional<SeatController> parse_seat_controller(std::string_view text);

enum class Actor : std::uint8_t { kPlayer, kRobot, kTimeout, kAbsent };

std::string_view to_string(Actor actor);
// Unknown text reads as a player's move.
Actor parse_actor(std::string_view text);

// The move of a seat nobody plays, or whose time ran out: pass until the phase
// ends; where the engine waits for another answer (a drawn card, a pick), the
// answer that gives up (discard), else the first one it offers.
// REQUIRES: the seat is to act and the game is not over.
engine::Action absent_action(const engine::GameState& state, engine::Seat seat);

// The robot's move. Its random generator is drawn from the table's seed and
// the move's number, so the same table chooses the same moves after a restart
// and the log stays the only thing a replay needs.
// REQUIRES: the seat is to act and the game is not over.
engine::Action robot_action(const engine::GameState& state, engine::Seat seat, std::uint64_t table_seed,
                            std::int64_t move_number);

}  // namespace sp::server
