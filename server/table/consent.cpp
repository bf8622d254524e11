#include "server/table/consent.hpp"

#include <algorithm>

namespace sp::server {
namespace {

// How long the other players have to answer a proposal to abort.
constexpr std::int64_t kAbortVoteSeconds = 72 * 3600;

bool is_vote(engine::LogKind kind) {
  return kind == engine::LogKind::kAbortProposed || kind == engine::LogKind::kAbortVoted ||
         kind == engine::LogKind::kAbortRefused || kind == engine::LogKind::kAbortLapsed ||
         kind == engine::LogKind::kAborted;
}

std::vector<int> not_in(std::span<const int> seats, const std::vector<int>& answered) {
  std::vector<int> out;
  for (int s : seats) {
    if (std::find(answered.begin(), answered.end(), s) == answered.end()) out.push_back(s);
  }
  return out;
}

}  // namespace

std::optional<Consent::AbortProposal> Consent::open_abort(const engine::GameState& state,
                                                          std::span<const engine::LoggedAction> log,
                                                          std::span<const std::int64_t> times) {
  if (state.is_finished()) return std::nullopt;
  for (std::size_t i = log.size(); i-- > 0;) {
    const engine::LogKind kind = log[i].kind;
    if (!is_vote(kind) || kind == engine::LogKind::kAbortVoted) continue;
    if (kind != engine::LogKind::kAbortProposed) return std::nullopt;
    AbortProposal open{log[i].seat.value, times[i] + kAbortVoteSeconds, {}};
    for (std::size_t j = i + 1; j < log.size(); ++j) {
      if (log[j].kind == engine::LogKind::kAbortVoted) open.voted.push_back(log[j].seat.value);
    }
    return open;
  }
  return std::nullopt;
}

protocol::Consent Consent::describe(std::span<const int> undo_answerers, const std::optional<AbortProposal>& abort,
                                    std::span<const int> abort_answerers, std::vector<int> resigned) const {
  protocol::Consent out;
  if (undo_) {
    out.undo = protocol::OpenUndo{undo_->seat.value, undo_->move_number, undo_->accepted,
                                  not_in(undo_answerers, undo_->accepted)};
  }
  if (abort) out.abort = protocol::OpenAbort{abort->seat, abort->expires_at, abort->voted, not_in(abort_answerers, abort->voted)};
  out.resigned = std::move(resigned);
  return out;
}

}  // namespace sp::server
