// Log entries that are not a seat's action: a player resigning, a vote to
// abort the game, an undo by consent (docs/rules.md, "Resigning, aborting and
// undoing"), the players' decision about a seat whose time ran out. They sit in the game's log between the actions, so a replay sees
// the game as it was played; only an undo changes the state, back to exactly
// what it was before the action it takes back.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/event.hpp"

namespace sp::engine {

enum class LogKind : std::uint8_t {
  kAction,         // a seat's action, applied by the rules
  kResign,         // the seat's player resigned; the robot plays it from here
  kAbortProposed,  // the seat's player proposes to abort the game
  kAbortVoted,     // the seat's player votes yes
  kAbortRefused,   // the seat's player votes no: the proposal fails
  kAbortLapsed,    // nobody refused but the time to vote ran out
  kAborted,        // every human agreed (the seat's player last): the game ends unfinished
  kUndo,           // the seat's player took back their last action, with everyone's consent
  // A seat's time ran out at a table whose players decide (docs/correspondence.md
  // "The players decide"): the question, each vote (by the voter), the decision.
  kLateAsked,       // the seat's time is out; the players present are asked
  kLateVotedWait,   // the seat's player votes to wait longer
  kLateVotedRobot,  // ... to let the robot play the late seat
  kLateVotedEnd,    // ... to end the late player's part
  kLateWaited,      // decided: the late seat gets more time
  kLateRobot,       // decided: the robot plays the late seat until its player takes it back
  kLateEnded,       // decided: the late player's part is over, the seat passes to the end
};
std::string_view to_string(LogKind kind);
std::optional<LogKind> parse_log_kind(std::string_view word);

// Why an action, applied with `events`, may not be undone; none: it may.
enum class UndoBar : std::uint8_t {
  kRevealsCard,  // a face-down card came face up (the Observatory's draw, a fill from a stack)
  kPhaseEnded,   // a phase, round or the game ended with it
};
std::optional<UndoBar> undo_bar(const Events& events);

}  // namespace sp::engine
