// A stored table's clock: its time control and its seats' clocks
// (server/clock/) as the table's record holds them, and back. A table with
// neither a move deadline nor a bank has no clock.
#pragma once

#include <optional>

#include "protocol/table_clocks.hpp"
#include "server/clock/seat_clocks.hpp"
#include "server/store/rows.hpp"

namespace sp::server {

struct TableClock {
  TimeControl control;
  SeatClocks clocks;
  // By seat, the person whose off time stops the seat's clock; none for a
  // robot's own seat.
  std::vector<std::optional<std::int64_t>> people;
};

std::optional<TimeControl> time_control_of(const TableRecord& table);
std::optional<TableClock> table_clock_of(const TableRecord& table);

// As every view of the table shows them; none: the table has no clock.
std::optional<protocol::ClocksShown> clocks_shown(const TableRecord& table);

// The record takes the clocks' state (the live table's copy, after a write).
void put_clocks(TableRecord& table, const SeatClocks& clocks);

}  // namespace sp::server
