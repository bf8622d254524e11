#include "server/table/table_clock.hpp"

namespace sp::server {

std::optional<TimeControl> time_control_of(const TableRecord& table) {
  if (table.time_bank) return TimeBank{table.time_bank->initial, table.time_bank->increment, table.time_bank->cap};
  if (table.move_seconds) return MoveDeadline{*table.move_seconds};
  return std::nullopt;
}

std::optional<TableClock> table_clock_of(const TableRecord& table) {
  const auto control = time_control_of(table);
  if (!control) return std::nullopt;
  SeatClocks clocks = fresh_clocks(*control, table.player_count);
  std::vector<std::optional<std::int64_t>> people(clocks.left.size());
  for (const SeatRecord& seat : table.seats) {
    if (static_cast<std::size_t>(seat.seat) >= clocks.left.size()) continue;
    if (seat.clock_left) clocks.left[static_cast<std::size_t>(seat.seat)] = *seat.clock_left;
    if (!seat.robot) people[static_cast<std::size_t>(seat.seat)] = seat.user_id;
  }
  if (table.clock_seat && table.clock_since) {
    clocks.running = *table.clock_seat;
    clocks.since = *table.clock_since;
  }
  return TableClock{*control, std::move(clocks), std::move(people)};
}

std::optional<protocol::ClocksShown> clocks_shown(const TableRecord& table) {
  const auto clock = table_clock_of(table);
  if (!clock) return std::nullopt;
  return protocol::ClocksShown{clock->clocks.left, clock->clocks.running, {}};
}

void put_clocks(TableRecord& table, const SeatClocks& clocks) {
  table.clock_seat = clocks.running;
  table.clock_since = clocks.running ? std::optional<std::int64_t>(clocks.since) : std::nullopt;
  for (SeatRecord& seat : table.seats) {
    if (static_cast<std::size_t>(seat.seat) < clocks.left.size()) seat.clock_left = clocks.left[static_cast<std::size_t>(seat.seat)];
  }
}

}  // namespace sp::server
