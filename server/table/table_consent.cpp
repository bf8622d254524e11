// The Table's resigning, aborting by vote and undo by consent (see table.hpp;
// docs/rules.md, "Resigning, aborting, undoing"). Each decision is an entry of
// the move log, written like a move (commit_move), so that a replay sees the
// game as it was played: a resign and the votes leave the state as it is, an
// undo returns it to exactly the state before the action it takes back.
// A request to undo waits in memory for its answers; a proposal to abort is
// read back from the log, so it outlives a restart.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "engine/replay.hpp"
#include "engine/rules.hpp"
#include "protocol/table_results.hpp"
#include "server/table/late_vote.hpp"
#include "server/table/table.hpp"
#include "server/time/scheduler.hpp"

namespace sp::server {

using protocol::ErrorCode;

namespace {

std::string_view outcome_of(engine::LogKind kind) {
  switch (kind) {
    case engine::LogKind::kAbortProposed: return "abort_proposed";
    case engine::LogKind::kAbortVoted: return "abort_voted";
    case engine::LogKind::kAbortRefused: return "abort_refused";
    case engine::LogKind::kAbortLapsed: return "abort_lapsed";
    case engine::LogKind::kAborted: return "aborted";
    case engine::LogKind::kUndo: return "undone";
    case engine::LogKind::kLateAsked: return "late_asked";
    case engine::LogKind::kLateVotedWait:
    case engine::LogKind::kLateVotedRobot:
    case engine::LogKind::kLateVotedEnd: return "late_voted";
    case engine::LogKind::kLateWaited: return "late_waited";
    case engine::LogKind::kLateRobot: return "late_robot";
    case engine::LogKind::kLateEnded: return "late_ended";
    case engine::LogKind::kAction:
    case engine::LogKind::kResign: break;
  }
  return "";
}

}  // namespace

bool Table::resigned(engine::Seat seat) const {
  return std::any_of(log_.begin(), log_.end(), [&](const engine::LoggedAction& entry) {
    return entry.kind == engine::LogKind::kResign && entry.seat == seat;
  });
}

std::vector<int> Table::answerers(engine::Seat asker) const {
  std::vector<int> out;
  for (const SeatRecord& s : record_.seats) {
    const engine::Seat seat{static_cast<std::uint8_t>(s.seat)};
    if (s.robot || s.controller != SeatController::kHuman || seat == asker || resigned(seat)) continue;
    out.push_back(s.seat);
  }
  return out;
}

std::optional<Consent::AbortProposal> Table::open_abort() const { return Consent::open_abort(state_, log_, times_); }

protocol::Consent Table::consent() const {
  const auto& undo = consent_.undo();
  const auto abort = open_abort();
  std::vector<int> resigned_seats;
  for (const SeatRecord& s : record_.seats) {
    if (resigned(engine::Seat{static_cast<std::uint8_t>(s.seat)})) resigned_seats.push_back(s.seat);
  }
  protocol::Consent out = consent_.describe(
      undo ? answerers(undo->seat) : std::vector<int>{}, abort,
      abort ? answerers(engine::Seat{static_cast<std::uint8_t>(abort->seat)}) : std::vector<int>{},
      std::move(resigned_seats));
  out.late = late_question_shown();
  out.ended = ended_parts();
  return out;
}

void Table::tell_consent(std::string_view outcome, engine::Seat seat, std::optional<engine::Seat> asker) {
  std::optional<int> asked_by;
  if (asker) asked_by = asker->value;
  announce(protocol::encode(protocol::ConsentChanged{id_, consent(), std::string(outcome), seat.value, asked_by}));
}

Expected<engine::Seat, Reply> Table::consenting_seat(std::int64_t user_id) const {
  if (record_.status == TableStatus::kAborted) {
    return unexpected(Reply::error(ErrorCode::kTableNotPlaying, "This table was aborted."));
  }
  if (faulted_) return unexpected(stopped_reply("This table stopped after a storage failure."));
  if (state_.is_finished()) return unexpected(Reply::error(ErrorCode::kTableNotPlaying, "That game is over."));
  const auto seat = seat_of(user_id);
  if (!seat || record_.seats.at(seat->value).robot) {
    return unexpected(Reply::error(ErrorCode::kNotSeated, "You have no seat at this table."));
  }
  if (resigned(*seat)) return unexpected(Reply::error(ErrorCode::kSeatResigned));
  if (part_ended(log_, *seat)) return unexpected(Reply::error(ErrorCode::kPartEnded));
  if (controller_of(*seat) != SeatController::kHuman) {
    return unexpected(Reply::error(ErrorCode::kSeatNotYoursNow,
                                   "A robot or the table plays your seat now; take it back first (reclaim_seat)."));
  }
  return *seat;
}

void Table::commit_entry(engine::LogKind kind, engine::Seat seat, engine::GameState state, ReplyFn reply) {
  Move move{seat, engine::Action{}, Actor::kPlayer, std::move(reply), monotonic_seconds(), {}, kind};
  commit_move(std::move(move), engine::Transition{std::move(state), {}});
}

Aftermath Table::aftermath_of_entry(const Move& move, const engine::GameState& next) const {
  switch (move.kind) {
    case engine::LogKind::kAction:
    case engine::LogKind::kUndo:
    case engine::LogKind::kResign: return aftermath_of_move(move, next);
    case engine::LogKind::kAborted: {
      Aftermath after;
      after.deadline = Aftermath::Deadline::kClear;
      after.waiting_changed = true;
      return after;
    }
    case engine::LogKind::kAbortProposed:
    case engine::LogKind::kAbortVoted:
    case engine::LogKind::kAbortRefused:
    case engine::LogKind::kAbortLapsed: break;
    case engine::LogKind::kLateAsked:
    case engine::LogKind::kLateVotedWait:
    case engine::LogKind::kLateVotedRobot:
    case engine::LogKind::kLateVotedEnd:
    case engine::LogKind::kLateWaited:
    case engine::LogKind::kLateRobot:
    case engine::LogKind::kLateEnded: return aftermath_of_late_entry(move);
  }
  return Aftermath{};
}

void Table::entry_committed(const Move& move) {
  // Any other change of the game ends a request to undo: what it would take
  // back is no longer the last thing that happened.
  const bool ends_undo = move.kind == engine::LogKind::kAction || move.kind == engine::LogKind::kResign;
  if (consent_.undo() && ends_undo) {
    const engine::Seat asker = consent_.undo()->seat;
    consent_.drop_undo();
    tell_consent("undo_cancelled", asker, asker);
  }
  if (move.kind == engine::LogKind::kUndo) consent_.drop_undo();
  if (move.kind == engine::LogKind::kAborted) {
    record_.status = TableStatus::kAborted;
    consent_.drop_undo();
    spdlog::info("table {} aborted by its players' vote", id_);
    // An aborted table stops like an administrator's abort: moves waiting are
    // refused, robots and deadlines stop.
    stop_playing();
    announce(protocol::encode(protocol::TableChanged{summary(), "aborted by the players' vote"}));
    if (correspondence_.competition_table_ended) correspondence_.competition_table_ended(record_);
  }
  // The late player moved (or the timeout's move came): the question closes.
  if (move.kind == engine::LogKind::kAction && record_.timeout_vote &&
      open_late_question(std::span(log_).first(log_.size() - 1))) {
    tell_consent("late_closed", move.seat);
  }
  if (vote_of(move.kind)) when_idle([self = shared_from_this()] { self->settle_late_question(); });
  if (const std::string_view outcome = outcome_of(move.kind); !outcome.empty()) {
    std::optional<engine::Seat> asker;
    if (move.kind == engine::LogKind::kUndo) asker = move.seat;
    tell_consent(outcome, move.seat, asker);
  }
}

void Table::resign(std::int64_t user_id, ReplyFn reply) {
  when_idle([self = shared_from_this(), user_id, reply = std::move(reply)]() mutable {
    const auto seat = self->consenting_seat(user_id);
    if (!seat) return reply(seat.error());
    spdlog::info("table {} seat {}: resigned", self->id_, seat->value);
    self->commit_entry(engine::LogKind::kResign, *seat, self->state_, std::move(reply));
  });
}

void Table::propose_abort(std::int64_t user_id, ReplyFn reply) {
  when_idle([self = shared_from_this(), user_id, reply = std::move(reply)]() mutable {
    const auto seat = self->consenting_seat(user_id);
    if (!seat) return reply(seat.error());
    if (const auto open = self->open_abort()) {
      if (self->correspondence_.clock.now() < open->expires_at) return reply(Reply::error(ErrorCode::kRequestPending));
      // The old proposal lapsed: that is written first, then this one is taken.
      self->commit_entry(engine::LogKind::kAbortLapsed, engine::Seat{static_cast<std::uint8_t>(open->seat)},
                         self->state_, {});
      return self->propose_abort(user_id, std::move(reply));
    }
    const bool alone = self->answerers(*seat).empty();
    self->commit_entry(alone ? engine::LogKind::kAborted : engine::LogKind::kAbortProposed, *seat, self->state_,
                       std::move(reply));
  });
}

void Table::vote_abort(std::int64_t user_id, bool yes, ReplyFn reply) {
  when_idle([self = shared_from_this(), user_id, yes, reply = std::move(reply)]() mutable {
    const auto seat = self->consenting_seat(user_id);
    if (!seat) return reply(seat.error());
    const auto open = self->open_abort();
    if (!open) return reply(Reply::error(ErrorCode::kNoRequest, "No proposal to abort waits for your vote."));
    const engine::Seat proposer{static_cast<std::uint8_t>(open->seat)};
    if (self->correspondence_.clock.now() >= open->expires_at) {
      reply(Reply::error(ErrorCode::kNoRequest, "The proposal to abort lapsed: its 72 hours are over."));
      return self->commit_entry(engine::LogKind::kAbortLapsed, proposer, self->state_, {});
    }
    const std::vector<int> voters = self->answerers(proposer);
    if (std::find(voters.begin(), voters.end(), seat->value) == voters.end()) {
      return reply(Reply::error(ErrorCode::kNoRequest, "Your own proposal waits for the others' votes."));
    }
    if (std::find(open->voted.begin(), open->voted.end(), seat->value) != open->voted.end()) {
      return reply(Reply::error(ErrorCode::kAlreadyAnswered));
    }
    const bool last = std::all_of(voters.begin(), voters.end(), [&](int s) {
      return s == seat->value || std::find(open->voted.begin(), open->voted.end(), s) != open->voted.end();
    });
    const engine::LogKind kind = !yes ? engine::LogKind::kAbortRefused
                                 : last ? engine::LogKind::kAborted
                                        : engine::LogKind::kAbortVoted;
    self->commit_entry(kind, *seat, self->state_, std::move(reply));
  });
}

void Table::request_undo(std::int64_t user_id, ReplyFn reply) {
  when_idle([self = shared_from_this(), user_id, reply = std::move(reply)]() mutable {
    const auto seat = self->consenting_seat(user_id);
    if (!seat) return reply(seat.error());
    if (self->consent_.undo()) return reply(Reply::error(ErrorCode::kRequestPending));
    // The latest action not taken back: votes and resigns in between do not count.
    std::optional<std::size_t> last;
    for (std::size_t i = self->log_.size(); i-- > 0;) {
      const engine::LogKind kind = self->log_[i].kind;
      if (kind == engine::LogKind::kUndo) break;
      if (kind == engine::LogKind::kAction) {
        last = i;
        break;
      }
    }
    if (!last) return reply(Reply::error(ErrorCode::kNothingToUndo));
    if (self->log_[*last].seat != *seat || self->actors_[*last] != Actor::kPlayer) {
      return reply(Reply::error(ErrorCode::kActedSince));
    }
    const std::vector<engine::LoggedAction> before_log(self->log_.begin(),
                                                       self->log_.begin() + static_cast<std::ptrdiff_t>(*last));
    auto before = engine::replay(self->setup_, before_log);
    if (!before) return reply(Reply::error(ErrorCode::kInternalError, "The table's log does not replay."));
    const auto redone = engine::apply(*before, *seat, self->log_[*last].action);
    if (!redone) return reply(Reply::error(ErrorCode::kInternalError, "The table's log does not replay."));
    if (const auto bar = engine::undo_bar(redone->events)) {
      return reply(Reply::error(*bar == engine::UndoBar::kRevealsCard ? ErrorCode::kRevealedHiddenCard
                                                                      : ErrorCode::kPhaseEndedSince));
    }
    if (self->answerers(*seat).empty()) {
      return self->commit_entry(engine::LogKind::kUndo, *seat, std::move(*before), std::move(reply));
    }
    self->consent_.ask_undo(Consent::UndoRequest{*seat, static_cast<std::int64_t>(*last) + 1, std::move(*before), {}});
    reply(Reply::result(protocol::encode_data(self->consent())));
    self->tell_consent("undo_requested", *seat, *seat);
  });
}

void Table::answer_undo(std::int64_t user_id, bool accept, ReplyFn reply) {
  when_idle([self = shared_from_this(), user_id, accept, reply = std::move(reply)]() mutable {
    const auto seat = self->consenting_seat(user_id);
    if (!seat) return reply(seat.error());
    if (!self->consent_.undo()) return reply(Reply::error(ErrorCode::kNoRequest));
    const Consent::UndoRequest& request = *self->consent_.undo();
    const std::vector<int> answerers = self->answerers(request.seat);
    if (std::find(answerers.begin(), answerers.end(), seat->value) == answerers.end()) {
      return reply(Reply::error(ErrorCode::kNoRequest));
    }
    if (std::find(request.accepted.begin(), request.accepted.end(), seat->value) != request.accepted.end()) {
      return reply(Reply::error(ErrorCode::kAlreadyAnswered));
    }
    const engine::Seat asker = request.seat;
    if (!accept) {
      self->consent_.drop_undo();
      reply(Reply::result(protocol::encode_data(self->consent())));
      return self->tell_consent("undo_refused", *seat, asker);
    }
    self->consent_.accept_undo(seat->value);
    const bool all = std::all_of(answerers.begin(), answerers.end(), [&](int s) {
      return std::find(request.accepted.begin(), request.accepted.end(), s) != request.accepted.end();
    });
    if (!all) {
      reply(Reply::result(protocol::encode_data(self->consent())));
      return self->tell_consent("undo_accepted", *seat, asker);
    }
    engine::GameState before = request.before;
    self->commit_entry(engine::LogKind::kUndo, asker, std::move(before), std::move(reply));
  });
}

}  // namespace sp::server
