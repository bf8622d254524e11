// The players decide about a late seat (server/table/late_vote.hpp;
// docs/correspondence.md "The players decide"): the question read back from
// the log, the decision from the votes, the times it gives.
#include <doctest/doctest.h>

#include "server/clock/time_control.hpp"
#include "server/table/late_vote.hpp"

namespace {

using namespace sp::server;
using sp::engine::LogKind;
using sp::engine::LoggedAction;
using sp::engine::Seat;
using sp::protocol::LateChoice;

constexpr std::int64_t kHour = 3600;

LoggedAction entry(int seat, LogKind kind) { return LoggedAction{Seat{static_cast<std::uint8_t>(seat)}, {}, kind}; }

std::optional<LateChoice> decide(std::vector<LateChoice> votes, std::size_t still_to_vote) {
  return late_decision(votes, still_to_vote);
}

}  // namespace

TEST_CASE("the question is about the late seat and gathers the votes cast since it was asked") {
  const std::vector<LoggedAction> log{entry(0, LogKind::kAction), entry(1, LogKind::kLateAsked),
                                      entry(0, LogKind::kLateVotedRobot), entry(2, LogKind::kLateVotedEnd)};
  const auto open = open_late_question(log);
  REQUIRE(open.has_value());
  CHECK(open->seat == Seat{1});
  REQUIRE(open->votes.size() == 2);
  CHECK(open->votes[0].seat == 0);
  CHECK(open->votes[0].choice == LateChoice::kRobot);
  CHECK(open->votes[1].seat == 2);
  CHECK(open->votes[1].choice == LateChoice::kEnd);
}

TEST_CASE("the late player's move, a decision, an undo or an abort closes the question") {
  for (const LogKind closing : {LogKind::kAction, LogKind::kLateWaited, LogKind::kLateRobot, LogKind::kLateEnded,
                                LogKind::kUndo, LogKind::kAborted}) {
    const std::vector<LoggedAction> log{entry(1, LogKind::kLateAsked), entry(0, LogKind::kLateVotedWait),
                                        entry(1, closing)};
    CHECK_FALSE(open_late_question(log).has_value());
  }
}

TEST_CASE("the late player resigning closes the question; another player resigning does not") {
  CHECK_FALSE(open_late_question(std::vector{entry(1, LogKind::kLateAsked), entry(1, LogKind::kResign)}));
  CHECK(open_late_question(std::vector{entry(1, LogKind::kLateAsked), entry(2, LogKind::kResign)}));
}

TEST_CASE("an abort proposal and its votes leave the question open") {
  CHECK(open_late_question(std::vector{entry(1, LogKind::kLateAsked), entry(0, LogKind::kAbortProposed),
                                       entry(2, LogKind::kAbortVoted)}));
}

TEST_CASE("a player's part is ended only by the decision to end it") {
  const std::vector<LoggedAction> log{entry(1, LogKind::kLateAsked), entry(0, LogKind::kLateVotedEnd),
                                      entry(1, LogKind::kLateEnded)};
  CHECK(part_ended(log, Seat{1}));
  CHECK_FALSE(part_ended(log, Seat{0}));
  CHECK_FALSE(part_ended(std::vector{entry(1, LogKind::kLateAsked), entry(1, LogKind::kLateRobot)}, Seat{1}));
}

TEST_CASE("a lone voter decides alone") {
  CHECK(decide({LateChoice::kWait}, 0) == LateChoice::kWait);
  CHECK(decide({LateChoice::kRobot}, 0) == LateChoice::kRobot);
  CHECK(decide({LateChoice::kEnd}, 0) == LateChoice::kEnd);
}

TEST_CASE("two voters split take the milder choice") {
  CHECK(decide({LateChoice::kEnd, LateChoice::kWait}, 0) == LateChoice::kWait);
  CHECK(decide({LateChoice::kEnd, LateChoice::kRobot}, 0) == LateChoice::kRobot);
  CHECK(decide({LateChoice::kRobot, LateChoice::kEnd}, 0) == LateChoice::kRobot);
}

TEST_CASE("a vote for a harder choice counts for the milder ones: the hardest a majority is for is taken") {
  // Three voters: end, robot, wait. Two are for at least a robot, one for ending.
  CHECK(decide({LateChoice::kEnd, LateChoice::kRobot, LateChoice::kWait}, 0) == LateChoice::kRobot);
  CHECK(decide({LateChoice::kEnd, LateChoice::kEnd, LateChoice::kWait}, 0) == LateChoice::kEnd);
  CHECK(decide({LateChoice::kEnd, LateChoice::kWait, LateChoice::kWait}, 0) == LateChoice::kWait);
}

TEST_CASE("the decision waits while the votes to come could change it, and not longer") {
  CHECK_FALSE(decide({}, 2));
  CHECK_FALSE(decide({LateChoice::kEnd}, 1));
  // Three voters, two for ending: the third cannot change it.
  CHECK(decide({LateChoice::kEnd, LateChoice::kEnd}, 1) == LateChoice::kEnd);
  // Three voters, two for waiting: nothing harder can reach a majority.
  CHECK(decide({LateChoice::kWait, LateChoice::kWait}, 1) == LateChoice::kWait);
  // Two for a robot and one for ending: robot at least; the third decides between robot and end.
  CHECK_FALSE(decide({LateChoice::kRobot, LateChoice::kEnd}, 1));
}

TEST_CASE("nobody to vote decides nothing") { CHECK_FALSE(decide({}, 0)); }

TEST_CASE("each vote and decision has its own log entry") {
  for (const LateChoice choice : {LateChoice::kWait, LateChoice::kRobot, LateChoice::kEnd}) {
    CHECK(vote_of(vote_entry(choice)) == choice);
    CHECK_FALSE(vote_of(decision_entry(choice)));
  }
}

TEST_CASE("the time to vote is the table's move deadline, between one and three days") {
  CHECK(late_vote_seconds(MoveDeadline{48 * kHour}) == 48 * kHour);
  CHECK(late_vote_seconds(MoveDeadline{2 * kHour}) == 24 * kHour);
  CHECK(late_vote_seconds(MoveDeadline{14 * 24 * kHour}) == 72 * kHour);
  CHECK(late_vote_seconds(TimeBank{72 * kHour, 36 * kHour, 168 * kHour}) == 36 * kHour);
  CHECK(late_vote_seconds(TimeBank{72 * kHour, 0, 72 * kHour}) == 24 * kHour);
}

TEST_CASE("waiting gives one more move deadline, or a bank's increment of at least a day") {
  CHECK(late_wait_seconds(MoveDeadline{14 * 24 * kHour}) == 14 * 24 * kHour);
  CHECK(late_wait_seconds(MoveDeadline{2 * kHour}) == 2 * kHour);
  CHECK(late_wait_seconds(TimeBank{72 * kHour, 48 * kHour, 168 * kHour}) == 48 * kHour);
  CHECK(late_wait_seconds(TimeBank{72 * kHour, 1 * kHour, 168 * kHour}) == 24 * kHour);
}
