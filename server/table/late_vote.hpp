// The players decide about a late seat (issue 35, docs/correspondence.md "The
// players decide"): at a table that asks them, a seat whose time ran out is
// not moved for; the players present vote to wait, to let the robot play it,
// or to end its player's part. Every step is an entry of the move log, so the
// question open, the votes and the ended parts are read back from the log and
// outlive a restart. Pure: the table (table_late_vote.cpp) writes the entries.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "engine/log_entry.hpp"
#include "engine/replay.hpp"
#include "protocol/requests.hpp"
#include "server/clock/time_control.hpp"

namespace sp::server {

struct LateQuestion {
  struct Vote {
    int seat = 0;
    protocol::LateChoice choice = protocol::LateChoice::kWait;
  };
  engine::Seat seat;        // the late seat
  std::vector<Vote> votes;  // in the order cast
};

// The question open after `log`: its last `late_asked` not closed since by an
// action (the late player's own, or the timeout's when the time to vote ran
// out), an undo, an abort, the late player's resigning, or a decision.
std::optional<LateQuestion> open_late_question(std::span<const engine::LoggedAction> log);

// Whether the others ended `seat`'s player's part in the game.
bool part_ended(std::span<const engine::LoggedAction> log, engine::Seat seat);

// What the votes cast decide, with `still_to_vote` voters yet to vote; nothing
// while those could still change it, or when nobody votes at all. A vote for
// a harder choice (wait, robot, end) counts for the milder ones too: the
// hardest choice more than half of the voters are for is taken.
std::optional<protocol::LateChoice> late_decision(std::span<const protocol::LateChoice> votes,
                                                  std::size_t still_to_vote);

// The log entries of a vote for `choice` and of a decision for it.
engine::LogKind vote_entry(protocol::LateChoice choice);
engine::LogKind decision_entry(protocol::LateChoice choice);
// The choice a log entry is a vote for; nothing for any other entry.
std::optional<protocol::LateChoice> vote_of(engine::LogKind kind);

// How long the players have to vote: the table's move deadline (at a bank,
// its increment, at least a day), between one and three days.
std::int64_t late_vote_seconds(const TimeControl& control);
// The time a decision to wait gives the late seat: one more move deadline
// (at a bank, its increment, at least a day).
std::int64_t late_wait_seconds(const TimeControl& control);

}  // namespace sp::server
