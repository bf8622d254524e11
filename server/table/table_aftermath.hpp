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

namespace sp::server {

struct Aftermath {
  std::optional<SeatRecord> seat;  // its new controller and timeouts
  std::string reason;              // why the seat changed hands, for the table's announcement
  enum class Deadline : std::uint8_t {
    kKeep,   // as it is
    kClear,  // no deadline (game over, nobody human to wait for, no limit)
    kFresh,  // a full move's time for fresh_user, paused if that user is on vacation
    kSet,    // exactly `at` / `left` (a vacation pausing or resuming it)
  } deadline = Deadline::kKeep;
  std::int64_t fresh_user = 0;
  std::optional<std::int64_t> at;
  std::optional<std::int64_t> left;
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
  std::vector<StoredNotification> notes;
  // The changed seat's robot level as stored (a person's seat taken over by a
  // robot gets the stand-in's, stand_in.hpp) and its account's rating.
  std::optional<engine::RobotLevel> robot_level;
  std::optional<RatingRecord> robot_rating;
};

// In the change's store job.
AftermathWritten write_aftermath(Records& db, std::int64_t table_id, std::optional<std::int64_t> move_seconds,
                                 const Aftermath& aftermath, std::int64_t now);

}  // namespace sp::server
