// Aftermath: what a change of a table brings with it besides the move itself
// (a seat's timeouts and controller, the next move deadline, notifications),
// decided by the table on its strand and written in the same transaction as
// the change, so that none of them exists without the other.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/standing_order.hpp"
#include "server/notices/notification_draft.hpp"
#include "server/store/records.hpp"
#include "server/table/game_results.hpp"
#include "server/table/table_clock.hpp"

namespace sp::server {

struct Aftermath {
  std::optional<SeatRecord> seat;  // its new controller and timeouts
  std::string reason;              // why the seat changed hands, for the table's announcement
  // The seat whose move this change follows, when the move counts on its
  // clock (its player's, a standing order's, a timeout's): its clock stops
  // and a time bank earns its increment.
  std::optional<int> clock_mover;
  // What the seats' clocks do next (server/clock/seat_clocks.hpp); the
  // deadline is when the running one runs out.
  enum class Deadline : std::uint8_t {
    kKeep,    // as it is
    kClear,   // no clock runs (game over, nobody human to wait for)
    kFresh,   // the table waits for wait_seat, fresh_user's: its clock runs, paused if that user is on vacation
    kPause,   // the running clock stops, keeping its time (its player's vacation begins)
    kResume,  // wait_seat's paused clock runs again (the vacation ended)
    kGrant,   // wait_seat, fresh_user's, runs again with grant_seconds whatever it had left (the players decide)
  } deadline = Deadline::kKeep;
  int wait_seat = 0;
  std::int64_t grant_seconds = 0;
  std::int64_t fresh_user = 0;
  std::vector<NotificationDraft> notes;
  // Seats whose standing orders changed (used, lapsed or rewritten): the new
  // list, and its stored text.
  struct Orders {
    int seat = 0;
    std::vector<engine::StandingOrder> list;
    std::string text;
  };
  std::vector<Orders> orders;
  // Whose move the table awaits from now on (nothing: nobody human), when it
  // changes; the digest lists a player's waiting tables from it.
  bool waiting_changed = false;
  std::optional<std::int64_t> waiting_user;
  // The game ended with this move: its results and ratings (game_results.hpp).
  std::optional<FinishedGame> finished;
};

struct AftermathWritten {
  bool deadline_changed = false;
  std::optional<std::int64_t> at;
  std::optional<std::int64_t> left;
  std::optional<SeatClocks> clocks;  // as written, when they changed
  std::optional<OffTimes> off;       // the seats' players' off time, as read for the clocks
  std::vector<StoredNotification> notes;
  // The changed seat's robot level as stored (a person's seat taken over by a
  // robot gets the stand-in's, stand_in.hpp) and its account's rating.
  std::optional<engine::RobotLevel> robot_level;
  std::optional<RatingRecord> robot_rating;
};

// In the change's store job.
// `clock`: the table's as it stood before the change; none: the table waits for ever.
AftermathWritten write_aftermath(Records& db, std::int64_t table_id, const std::optional<TableClock>& clock,
                                 const Aftermath& aftermath, std::int64_t now);

}  // namespace sp::server
