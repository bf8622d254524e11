// Seat control: the moves of a seat nobody plays and of the server's robot.
// Who controls a seat (SeatController) and who chose a logged move (Actor)
// are stored words, defined with the rows (server/store/rows.hpp).
#pragma once

#include <cstdint>

#include "engine/action.hpp"
#include "engine/robot_level.hpp"
#include "engine/seat.hpp"
#include "engine/state.hpp"
#include "server/store/rows.hpp"

namespace sp::server {

// The move of a seat nobody plays, or whose time ran out: pass until the phase
// ends; where the engine waits for another answer (a drawn card, a pick), the
// answer that gives up (discard), else the first one it offers.
// REQUIRES: the seat is to act and the game is not over.
engine::Action absent_action(const engine::GameState& state, engine::Seat seat);

// The robot's move. Its random generator is drawn from the table's robot seed
// and the move's number, so the same table chooses the same moves after a
// restart (unless `stop`, the server's time budget, cut a search short) and
// the log stays the only thing a replay needs.
// REQUIRES: the seat is to act and the game is not over.
engine::Action robot_action(const engine::GameState& state, engine::Seat seat, engine::RobotLevel level,
                            std::uint64_t robots_seed, std::int64_t move_number,
                            const engine::SearchStop* stop = nullptr);

// The robot seed of a table: at a fair table a hash of the server's secret
// other than the deal's (fair_deal.hpp), so a robot's choices, which everyone
// sees, tell nothing about the seed; at a table dealt before fair deals, its seed.
std::uint64_t robots_seed_of(const TableRecord& table);

}  // namespace sp::server
