#include "server/table/table_aftermath.hpp"


namespace sp::server {

AftermathWritten write_aftermath(Records& db, std::int64_t table_id, std::optional<std::int64_t> move_seconds,
                                 const Aftermath& aftermath, std::int64_t now) {
  AftermathWritten written;
  for (const Aftermath::Orders& orders : aftermath.orders) db.update_standing_orders(table_id, orders.seat, orders.text);
  if (aftermath.seat) {
    db.update_seat_control(table_id, aftermath.seat->seat, aftermath.seat->controller, aftermath.seat->timeouts);
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
