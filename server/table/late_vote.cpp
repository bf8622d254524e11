#include "server/table/late_vote.hpp"

#include <algorithm>
#include <variant>

namespace sp::server {

using protocol::LateChoice;

namespace {

constexpr std::int64_t kDay = 24 * 3600;

bool closes_question(engine::LogKind kind) {
  switch (kind) {
    case engine::LogKind::kAction:
    case engine::LogKind::kUndo:
    case engine::LogKind::kAborted:
    case engine::LogKind::kLateWaited:
    case engine::LogKind::kLateRobot:
    case engine::LogKind::kLateEnded: return true;
    default: return false;
  }
}

// The time one wait gives at the table: a move deadline, or a bank's increment.
std::int64_t period(const TimeControl& control) {
  if (const auto* deadline = std::get_if<MoveDeadline>(&control)) return deadline->seconds;
  return std::max(std::get<TimeBank>(control).increment, kDay);
}

constexpr int rank(LateChoice choice) { return static_cast<int>(choice); }

}  // namespace

std::optional<LateQuestion> open_late_question(std::span<const engine::LoggedAction> log) {
  std::vector<engine::Seat> resigned_since;
  for (std::size_t i = log.size(); i-- > 0;) {
    const engine::LoggedAction& entry = log[i];
    if (closes_question(entry.kind)) return std::nullopt;
    if (entry.kind == engine::LogKind::kResign) resigned_since.push_back(entry.seat);
    if (entry.kind != engine::LogKind::kLateAsked) continue;
    if (std::find(resigned_since.begin(), resigned_since.end(), entry.seat) != resigned_since.end()) return std::nullopt;
    LateQuestion open{entry.seat, {}};
    for (std::size_t j = i + 1; j < log.size(); ++j) {
      if (const auto choice = vote_of(log[j].kind)) open.votes.push_back(LateQuestion::Vote{log[j].seat.value, *choice});
    }
    return open;
  }
  return std::nullopt;
}

bool part_ended(std::span<const engine::LoggedAction> log, engine::Seat seat) {
  return std::any_of(log.begin(), log.end(), [&](const engine::LoggedAction& entry) {
    return entry.kind == engine::LogKind::kLateEnded && entry.seat == seat;
  });
}

std::optional<LateChoice> late_decision(std::span<const LateChoice> votes, std::size_t still_to_vote) {
  const std::size_t voters = votes.size() + still_to_vote;
  if (voters == 0) return std::nullopt;
  // The outcome if every vote still to come were `rest`.
  const auto outcome = [&](LateChoice rest) {
    for (const LateChoice choice : {LateChoice::kEnd, LateChoice::kRobot}) {
      std::size_t for_it = rank(rest) >= rank(choice) ? still_to_vote : 0;
      for (const LateChoice vote : votes) {
        if (rank(vote) >= rank(choice)) ++for_it;
      }
      if (2 * for_it > voters) return choice;
    }
    return LateChoice::kWait;
  };
  const LateChoice mildest = outcome(LateChoice::kWait);
  if (mildest != outcome(LateChoice::kEnd)) return std::nullopt;
  return mildest;
}

engine::LogKind vote_entry(LateChoice choice) {
  switch (choice) {
    case LateChoice::kWait: return engine::LogKind::kLateVotedWait;
    case LateChoice::kRobot: return engine::LogKind::kLateVotedRobot;
    case LateChoice::kEnd: return engine::LogKind::kLateVotedEnd;
  }
  return engine::LogKind::kLateVotedWait;
}

engine::LogKind decision_entry(LateChoice choice) {
  switch (choice) {
    case LateChoice::kWait: return engine::LogKind::kLateWaited;
    case LateChoice::kRobot: return engine::LogKind::kLateRobot;
    case LateChoice::kEnd: return engine::LogKind::kLateEnded;
  }
  return engine::LogKind::kLateWaited;
}

std::optional<LateChoice> vote_of(engine::LogKind kind) {
  switch (kind) {
    case engine::LogKind::kLateVotedWait: return LateChoice::kWait;
    case engine::LogKind::kLateVotedRobot: return LateChoice::kRobot;
    case engine::LogKind::kLateVotedEnd: return LateChoice::kEnd;
    default: return std::nullopt;
  }
}

std::int64_t late_vote_seconds(const TimeControl& control) { return std::clamp(period(control), kDay, 3 * kDay); }

std::int64_t late_wait_seconds(const TimeControl& control) { return period(control); }

}  // namespace sp::server
