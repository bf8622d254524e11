#include "server/table/table_aftermath.hpp"

#include "server/table/seat_off_times.hpp"
#include "server/table/stand_in.hpp"


namespace sp::server {

namespace {

// The seats' clocks after the change, and the deadline they give. Each
// seat's clock skips its player's off time as their settings say now.
void write_clocks(Records& db, std::int64_t table_id, const TableClock& clock, const Aftermath& aftermath,
                  std::int64_t now, AftermathWritten& written) {
  const OffTimes off = seat_off_times(db, clock.people);
  written.off = off;
  SeatClocks clocks = clock.clocks;
  if (aftermath.clock_mover) clocks = after_move(clock.control, std::move(clocks), *aftermath.clock_mover, now, off);
  switch (aftermath.deadline) {
    case Aftermath::Deadline::kKeep:
      break;
    case Aftermath::Deadline::kClear:
      clocks = pause(std::move(clocks), now, off);
      break;
    case Aftermath::Deadline::kFresh:
      clocks = start_wait(clock.control, std::move(clocks), aftermath.wait_seat, now, off);
      if (db.current_vacation(aftermath.fresh_user, now)) clocks = pause(std::move(clocks), now, off);
      break;
    case Aftermath::Deadline::kPause:
      clocks = pause(std::move(clocks), now, off);
      break;
    case Aftermath::Deadline::kResume:
      clocks = resume(std::move(clocks), aftermath.wait_seat, now);
      break;
    case Aftermath::Deadline::kGrant:
      clocks = grant(std::move(clocks), aftermath.wait_seat, aftermath.grant_seconds, now, off);
      if (db.current_vacation(aftermath.fresh_user, now)) clocks = pause(std::move(clocks), now, off);
      break;
  }
  if (clocks != clock.clocks) {
    db.update_table_clocks(table_id, clocks.running,
                           clocks.running ? std::optional<std::int64_t>(clocks.since) : std::nullopt, clocks.left);
    written.clocks = clocks;
  }
  if (aftermath.deadline == Aftermath::Deadline::kKeep) return;
  written.deadline_changed = true;
  written.at = read_clocks(clocks, now, off).runs_out_at;
  const bool paused = aftermath.deadline == Aftermath::Deadline::kPause || aftermath.deadline == Aftermath::Deadline::kFresh ||
                      aftermath.deadline == Aftermath::Deadline::kGrant;
  if (paused && !clocks.running) written.left = clocks.left.at(static_cast<std::size_t>(aftermath.wait_seat));
}

}  // namespace

AftermathWritten write_aftermath(Records& db, std::int64_t table_id, const std::optional<TableClock>& clock,
                                 const Aftermath& aftermath, std::int64_t now) {
  AftermathWritten written;
  for (const Aftermath::Orders& orders : aftermath.orders) db.update_standing_orders(table_id, orders.seat, orders.text);
  if (aftermath.seat) {
    const SeatRecord& seat = *aftermath.seat;
    written.robot_level = seat.robot_level;
    // A robot's own seat keeps its level; a person's has one while a robot stands in.
    if (!seat.robot && seat.controller != SeatController::kRobot) written.robot_level.reset();
    const auto table = db.load_table(table_id);
    if (!seat.robot && seat.controller == SeatController::kRobot && !written.robot_level && table) {
      written.robot_level = stand_in_level(db, *table, seat.user_id);
    }
    db.update_seat_control(table_id, seat.seat, seat.controller, seat.timeouts, written.robot_level);
    if (written.robot_level && table) written.robot_rating = robot_level_rating(db, *table, *written.robot_level);
  }
  if (clock) {
    write_clocks(db, table_id, *clock, aftermath, now, written);
  } else if (aftermath.deadline != Aftermath::Deadline::kKeep) {
    written.deadline_changed = true;  // a table without a clock has no deadline
  }
  if (written.deadline_changed) db.update_table_deadline(table_id, written.at, written.left);
  if (aftermath.finished) write_game_results(db, table_id, *aftermath.finished, now);
  if (aftermath.waiting_changed) db.set_waiting_user(table_id, aftermath.waiting_user);
  for (const NotificationDraft& draft : aftermath.notes) {
    if (auto stored = store_notification(db, draft, now)) written.notes.push_back(std::move(*stored));
  }
  return written;
}

}  // namespace sp::server
