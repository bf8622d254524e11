#include "server/table/table_aftermath.hpp"

#include "server/table/stand_in.hpp"


namespace sp::server {

AftermathWritten write_aftermath(Records& db, std::int64_t table_id, std::optional<std::int64_t> move_seconds,
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
  switch (aftermath.deadline) {
    case Aftermath::Deadline::kKeep:
      break;
    case Aftermath::Deadline::kClear:
      written.deadline_changed = true;
      break;
    case Aftermath::Deadline::kFresh:
      written.deadline_changed = true;
      if (move_seconds) {
        if (db.current_vacation(aftermath.fresh_user, now)) {
          written.left = *move_seconds;
        } else {
          written.at = now + *move_seconds;
        }
      }
      break;
    case Aftermath::Deadline::kSet:
      written.deadline_changed = true;
      written.at = aftermath.at;
      written.left = aftermath.left;
      break;
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
