// Consent: what a table's players have asked each other (docs/rules.md,
// "Resigning, aborting, undoing"). A request to undo waits here, in memory
// only (a restart drops it); a proposal to abort is read back from the move
// log, so it outlives a restart. A part of the Table (table.hpp), on its
// strand; the table writes each decision as an entry of its log.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "engine/replay.hpp"
#include "engine/state.hpp"
#include "protocol/server_messages.hpp"

namespace sp::server {

class Consent {
 public:
  // A request to take back an action, waiting for the other humans' answers.
  struct UndoRequest {
    engine::Seat seat;
    std::int64_t move_number = 0;  // the action taken back
    engine::GameState before;      // the state before it
    std::vector<int> accepted;
  };
  // The open proposal to abort.
  struct AbortProposal {
    int seat = 0;
    std::int64_t expires_at = 0;
    std::vector<int> voted;
  };

  // The proposal to abort open after `log` (`times`: when each entry was
  // written), if any: none once the game is over.
  static std::optional<AbortProposal> open_abort(const engine::GameState& state,
                                                 std::span<const engine::LoggedAction> log,
                                                 std::span<const std::int64_t> times);

  const std::optional<UndoRequest>& undo() const { return undo_; }
  void ask_undo(UndoRequest request) { undo_ = std::move(request); }
  void accept_undo(int seat) { undo_->accepted.push_back(seat); }
  void drop_undo() { undo_.reset(); }

  // What is open, as the wire says it: `undo_answerers` and `abort_answerers`
  // are the humans who answer the undo request and the proposal.
  protocol::Consent describe(std::span<const int> undo_answerers, const std::optional<AbortProposal>& abort,
                             std::span<const int> abort_answerers, std::vector<int> resigned) const;

 private:
  std::optional<UndoRequest> undo_;
};

}  // namespace sp::server
