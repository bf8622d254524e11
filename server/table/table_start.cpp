#include "server/table/table_start.hpp"

#include "engine/legal_actions.hpp"
#include "protocol/notice_details.hpp"
#include "server/table/table_aftermath.hpp"

namespace sp::server {

namespace {

// A table with a clock hands a seat over after this many timeouts unless its
// creator chose otherwise (docs/correspondence.md).
constexpr int kDefaultTakeoverAfter = 3;

}  // namespace

TablePace pace_of(const protocol::client::CreateTable& create) {
  TablePace pace;
  if (create.move_deadline_hours) {
    pace.move_seconds = *create.move_deadline_hours * 3600;
    pace.takeover_after = kDefaultTakeoverAfter;
  }
  if (const auto& bank = create.time_bank) {
    pace.time_bank = TimeBankRecord{bank->initial_hours * 3600, bank->increment_hours * 3600, bank->cap_hours * 3600};
    pace.takeover_after = kDefaultTakeoverAfter;
  }
  if (const auto& policy = create.timeout_policy) {
    if (policy->takeover_after) pace.takeover_after = policy->takeover_after->timeouts;
    if (policy->takeover_by) {
      pace.takeover_by = *policy->takeover_by == protocol::TakeoverBy::kRobot ? SeatController::kRobot
                                                                              : SeatController::kAbsent;
    }
  }
  pace.robots = create.robots.value_or(0);
  if (create.robot_level) pace.robot_level = *create.robot_level;
  pace.floating_vacation = create.floating_vacation;
  // Only a clock runs out: a table without one has nothing to vote on.
  const bool clocked = pace.move_seconds || pace.time_bank;
  pace.timeout_vote = clocked && create.timeout_policy && create.timeout_policy->vote;
  return pace;
}

void write_table_pace(Records& db, std::int64_t table_id, const TablePace& pace, int players) {
  db.update_table_pace(table_id, pace.move_seconds, pace.takeover_after, pace.takeover_by);
  if (pace.time_bank) db.update_table_bank(table_id, *pace.time_bank);
  if (!pace.floating_vacation) db.update_table_floating_vacation(table_id, false);
  if (pace.timeout_vote) db.update_table_timeout_vote(table_id, true);
  for (int i = 0; i < pace.robots; ++i) {
    const int seat = players - 1 - i;
    db.insert_seat(table_id, seat, db.robot_user(i));
    db.update_seat_control(table_id, seat, SeatController::kRobot, 0, pace.robot_level);
  }
}

std::vector<StoredNotification> write_table_start(Records& db, const TableRecord& table, const engine::GameState& state,
                                                  std::int64_t now, StartNotice notice) {
  Aftermath start;
  start.deadline = Aftermath::Deadline::kClear;
  for (const SeatRecord& s : table.seats) {
    if (s.robot || notice == StartNotice::kNobody) continue;
    start.notes.push_back(NotificationDraft{s.user_id, "table_started", table.id,
                                            "The game at " + table.name + " has started.", {}});
  }
  const auto to_act = engine::seats_to_act(state);
  for (const SeatRecord& s : table.seats) {
    if (to_act.empty() || s.seat != to_act.front().value || s.controller != SeatController::kHuman) continue;
    start.deadline = Aftermath::Deadline::kFresh;
    start.wait_seat = s.seat;
    start.fresh_user = s.user_id;
    start.waiting_changed = true;
    start.waiting_user = s.user_id;
    start.notes.push_back(NotificationDraft{s.user_id, "your_turn", table.id,
                                            "It is your turn at " + table.name + ".", protocol::YourTurnDetails{1}});
  }
  return write_aftermath(db, table.id, table_clock_of(table), start, now).notes;
}

}  // namespace sp::server
