// LogReplay: a stored table's game rebuilt from its setup and move log, one
// move at a time, stopping at the first move that does not replay.
//
// The engine is deterministic, so a log is the game: every tool that reads a
// stored game (the table registry, spb admin replay/verify/export/import, the
// public records of finished games) replays it through this one class, and a
// divergence always reads the same way: the move, and why.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/event.hpp"
#include "engine/expected.hpp"
#include "engine/replay.hpp"
#include "engine/setup.hpp"
#include "engine/state.hpp"
#include "engine/view.hpp"
#include "server/store/records.hpp"

namespace sp::server {

// Where a replay left the log: the move (0 for the setup or the table's own
// record) and a sentence saying why.
struct Divergence {
  std::int64_t move_number = 0;
  std::string reason;
  std::string describe() const;  // "move 12: ..." or the reason alone for move 0
};

// The setup of a stored table: its player count, options and seed.
Expected<engine::GameSetup, std::string> stored_setup(const TableRecord& record);

// One stored move read but not applied: it must be move `expected` and name a
// seat of the table's `player_count`; its action (JSON text, as the move log
// keeps it) must decode.
Expected<engine::LoggedAction, Divergence> read_move(std::int64_t expected, std::int64_t move_number, int seat,
                                                     std::string_view action, int player_count);
Expected<engine::LoggedAction, Divergence> read_move(std::int64_t expected, const MoveRecord& move, int player_count);

// What `viewer` sees of `state` after `entries` entries of the log. The view's
// move_number counts the log's entries, the number the next act follows: a
// resign, a vote or an undo is an entry but no action, so the state's own count
// of actions in effect (engine::GameState::move_number) may be smaller.
engine::TableView view_after(const engine::GameState& state, engine::Viewer viewer, std::int64_t entries);

class LogReplay {
 public:
  // Deals the table's game; a table whose setup does not deal diverges at move 0.
  explicit LogReplay(const TableRecord& record);
  // Resumes the table's game from `state`, the state after move `moves` (a
  // snapshot): the next move applied is moves + 1.
  LogReplay(const TableRecord& record, engine::GameState state, std::int64_t moves);

  bool ok() const { return !divergence_; }
  const std::optional<Divergence>& divergence() const { return divergence_; }
  const engine::GameSetup& setup() const { return setup_; }
  const engine::GameState& state() const { return state_; }
  std::int64_t moves() const { return moves_; }
  // The last move applied. REQUIRES: moves() > 0.
  const engine::LoggedAction& last() const { return last_; }

  // Applies the next move of the log; with a non-empty `state_hash`, checks
  // that the replay reaches it. Returns false (and records the divergence) for
  // a gap in the numbering, an unreadable or refused action, or another hash;
  // the state is then left as it was after the previous move. `action` is
  // the entry's JSON text, as the move log keeps it.
  bool apply(std::int64_t move_number, int seat, std::string_view action, std::string_view state_hash,
             engine::Events* events);
  bool apply(const MoveRecord& move, bool check_hash, engine::Events* events);

  // After the last stored move: the table's own record agrees with the log
  // (move count, last state hash, finished or not). A log cut short is
  // caught here.
  bool finish(const TableRecord& record);

 private:
  bool diverge(std::int64_t move_number, std::string reason);

  engine::GameSetup setup_;
  engine::GameState state_;
  // The state before the latest action not taken back, for an undo (engine::apply_entry).
  std::optional<engine::GameState> before_;
  engine::LoggedAction last_;
  std::int64_t moves_ = 0;
  std::optional<Divergence> divergence_;
};

}  // namespace sp::server
