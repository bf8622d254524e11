// A table's start, shared by the lobby and tournaments: the pace a
// create_table request gives it (its move deadline or time bank, its timeout
// policy, its robots), written in the job that creates the table; and the
// first deadline and the start's notifications, written in the job that
// starts it.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/robot_level.hpp"
#include "engine/state.hpp"
#include "protocol/requests.hpp"
#include "server/notices/notification_draft.hpp"
#include "server/store/records.hpp"

namespace sp::server {

// create_table's pace: move_deadline_hours or time_bank, timeout_policy and robots.
struct TablePace {
  std::optional<std::int64_t> move_seconds;
  std::optional<TimeBankRecord> time_bank;  // in place of move_seconds
  std::optional<int> takeover_after;
  SeatController takeover_by = SeatController::kRobot;
  int robots = 0;  // robots fill the last seats; as many as players: the creator watches
  engine::RobotLevel robot_level = engine::RobotLevel::kWorth;  // the level every robot seat plays at
  bool floating_vacation = true;  // players' floating vacation days may be spent at the table
  bool timeout_vote = false;      // the players present decide about a late seat (a table with a clock)
};
TablePace pace_of(const protocol::client::CreateTable& create);
// In create_table's job: stores the pace and seats the robots.
void write_table_pace(Records& db, std::int64_t table_id, const TablePace& pace, int players);
// Who is told that a table started: every person seated (a table started
// from the lobby), or nobody (a tournament's or league's table, whose own
// notice names the round or the league and the table: a second one would
// say the same again).
enum class StartNotice : std::uint8_t { kEveryone, kNobody };

// In start_table's job: the first deadline and the start's notifications
// (the first seat to move is told it is their turn in either case).
std::vector<StoredNotification> write_table_start(Records& db, const TableRecord& table, const engine::GameState& state,
                                                  std::int64_t now, StartNotice notice = StartNotice::kEveryone);

}  // namespace sp::server
