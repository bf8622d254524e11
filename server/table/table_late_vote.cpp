// The Table when the players decide about a late seat (see table.hpp;
// late_vote.hpp; docs/correspondence.md "The players decide"). The question,
// each vote and the decision are entries of the move log, written like a
// move (commit_move), each with its aftermath in the same transaction: the
// time to vote or to wait on the late seat's clock, the seat handed to the
// robot or to nobody, the notifications.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "protocol/notice_details.hpp"
#include "server/table/late_vote.hpp"
#include "server/table/table.hpp"
#include "server/table/table_clock.hpp"

namespace sp::server {

using protocol::ErrorCode;
using protocol::LateChoice;

namespace {

constexpr std::int64_t kDay = 24 * 3600;

std::string hours_text(std::int64_t seconds) {
  const std::int64_t hours = (seconds + 3599) / 3600;
  return std::to_string(hours) + (hours == 1 ? " hour" : " hours");
}

}  // namespace

void Table::ask_about_late(engine::Seat seat) {
  spdlog::info("table {} seat {}: time out, the players decide", id_, seat.value);
  commit_move(Move{seat, engine::Action{}, Actor::kTimeout, {}, monotonic_seconds(), {}, engine::LogKind::kLateAsked},
              engine::Transition{state_, {}});
}

Aftermath Table::aftermath_of_late_entry(const Move& move) const {
  Aftermath after;
  if (vote_of(move.kind)) return after;  // a vote changes nothing until the votes decide
  const SeatRecord& late = record_.seats.at(move.seat.value);
  const auto control = time_control_of(record_);
  const std::int64_t now = correspondence_.clock.now();
  const auto notify_late = [&](std::string kind_text, std::string controller, bool reclaim) {
    after.notes.push_back(NotificationDraft{late.user_id, "timed_out", id_, std::move(kind_text),
                                            protocol::TimedOutDetails{late.seat, late.name, late.timeouts,
                                                                      std::move(controller), reclaim}});
  };
  // The late seat's clock runs again with `seconds`.
  const auto grant = [&](std::int64_t seconds) {
    after.deadline = Aftermath::Deadline::kGrant;
    after.wait_seat = late.seat;
    after.fresh_user = late.user_id;
    after.grant_seconds = seconds;
  };
  switch (move.kind) {
    case engine::LogKind::kLateAsked: {
      const std::int64_t to_vote = control ? late_vote_seconds(*control) : kDay;
      grant(to_vote);
      for (const int voter : answerers(move.seat)) {
        const SeatRecord& s = record_.seats.at(static_cast<std::size_t>(voter));
        after.notes.push_back(NotificationDraft{
            s.user_id, "late_vote", id_,
            late.name + " ran out of time at " + record_.name +
                ": choose on the table's page whether to wait, let a robot play, or end their part.",
            protocol::LateVoteDetails{late.seat, late.name, now + to_vote}});
      }
      notify_late("You ran out of time at " + record_.name +
                      ". The other players are deciding whether to wait, let a robot play your seat, or end your part "
                      "in the game; make your move within " + hours_text(to_vote) + " and the question closes.",
                  "human", false);
      return after;
    }
    case engine::LogKind::kLateWaited: {
      const std::int64_t more = control ? late_wait_seconds(*control) : kDay;
      grant(more);
      notify_late("The other players at " + record_.name + " decided to wait for you: you have " + hours_text(more) +
                      " more for your move.",
                  "human", false);
      return after;
    }
    case engine::LogKind::kLateRobot:
    case engine::LogKind::kLateEnded: {
      const bool robot = move.kind == engine::LogKind::kLateRobot;
      SeatRecord seat = late;
      seat.controller = robot ? SeatController::kRobot : SeatController::kAbsent;
      // Counted as a timeout: robots standing in then give the person time to
      // come back (stand_in_wait), as after a takeover.
      seat.timeouts += 1;
      after.seat = seat;
      after.reason = robot ? "the players decided after its time ran out" : "the players ended the player's part";
      after.deadline = Aftermath::Deadline::kClear;
      after.waiting_changed = true;
      if (robot) {
        notify_late("The other players at " + record_.name +
                        " decided that a robot plays your seat. Take your seat back on the table's page whenever you "
                        "want.",
                    "robot", true);
      } else {
        notify_late("The other players at " + record_.name +
                        " ended your part in the game after your time ran out; your seat passes to the end.",
                    "absent", false);
      }
      return after;
    }
    default: return after;
  }
}

void Table::settle_late_question() {
  if (faulted_ || state_.is_finished()) return;
  const auto open = open_late_question(log_);
  if (!open) return;
  const std::vector<int> voters = answerers(open->seat);
  std::vector<LateChoice> votes;
  for (const LateQuestion::Vote& vote : open->votes) {
    if (std::find(voters.begin(), voters.end(), vote.seat) != voters.end()) votes.push_back(vote.choice);
  }
  // Nobody left to vote: the time to vote runs out, then the automatic policy.
  const auto decision = late_decision(votes, voters.size() - votes.size());
  if (!decision) return;
  spdlog::info("table {} seat {}: the players decided: {}", id_, open->seat.value, to_string(*decision));
  commit_move(Move{open->seat, engine::Action{}, Actor::kPlayer, {}, monotonic_seconds(), {}, decision_entry(*decision)},
              engine::Transition{state_, {}});
}

void Table::vote_late(std::int64_t user_id, LateChoice choice, ReplyFn reply) {
  when_idle([self = shared_from_this(), user_id, choice, reply = std::move(reply)]() mutable {
    const auto seat = self->consenting_seat(user_id);
    if (!seat) return reply(seat.error());
    const auto open = open_late_question(self->log_);
    if (!open) return reply(Reply::error(ErrorCode::kNoRequest, "No question about a late seat is open at this table."));
    if (open->seat == *seat) {
      return reply(Reply::error(ErrorCode::kNoRequest,
                                "The question is about your own seat: make your move and it closes."));
    }
    const std::vector<int> voters = self->answerers(open->seat);
    if (std::find(voters.begin(), voters.end(), seat->value) == voters.end()) {
      return reply(Reply::error(ErrorCode::kNoRequest, "You are not among the players who decide."));
    }
    const bool voted = std::any_of(open->votes.begin(), open->votes.end(),
                                   [&](const LateQuestion::Vote& v) { return v.seat == seat->value; });
    if (voted) return reply(Reply::error(ErrorCode::kAlreadyAnswered));
    self->commit_entry(vote_entry(choice), *seat, self->state_, std::move(reply));
  });
}

std::optional<protocol::OpenLateVote> Table::late_question_shown() const {
  const auto open = open_late_question(log_);
  if (!open) return std::nullopt;
  const std::vector<int> voters = answerers(open->seat);
  protocol::OpenLateVote shown{open->seat.value, record_.deadline_at, {}, {}};
  for (const LateQuestion::Vote& vote : open->votes) {
    if (std::find(voters.begin(), voters.end(), vote.seat) == voters.end()) continue;
    shown.votes.push_back(protocol::OpenLateVote::Vote{vote.seat, std::string(to_string(vote.choice))});
  }
  for (const int voter : voters) {
    const bool voted = std::any_of(shown.votes.begin(), shown.votes.end(),
                                   [&](const protocol::OpenLateVote::Vote& v) { return v.seat == voter; });
    if (!voted) shown.waiting.push_back(voter);
  }
  return shown;
}

std::vector<int> Table::ended_parts() const {
  std::vector<int> out;
  for (const SeatRecord& s : record_.seats) {
    if (part_ended(log_, engine::Seat{static_cast<std::uint8_t>(s.seat)})) out.push_back(s.seat);
  }
  return out;
}

}  // namespace sp::server
