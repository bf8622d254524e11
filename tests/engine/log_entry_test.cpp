// Log entries that are no action (engine/log_entry.hpp): a replay leaves the
// state alone for a resign or a vote, and an undo returns it to exactly the
// state before the action it takes back; an action that showed a face-down
// card or ended a phase is barred from undoing.
#include "engine/log_entry.hpp"

#include <doctest/doctest.h>

#include <vector>

#include "engine/legal_actions.hpp"
#include "engine/replay.hpp"
#include "engine/rules.hpp"
#include "engine/setup.hpp"
#include "engine/state_hash.hpp"

using namespace sp::engine;

namespace {

GameSetup two_players(std::uint64_t seed) {
  GameSetup setup;
  setup.player_count = 2;
  setup.seed = seed;
  return setup;
}

// The first legal action of the seat to act that is not a pass.
LoggedAction first_move(const GameState& state) {
  const Seat seat = seats_to_act(state).front();
  for (const LegalAction& legal : legal_actions(state, seat)) {
    if (!std::holds_alternative<Pass>(legal.action)) return LoggedAction{seat, legal.action};
  }
  FAIL("no action but a pass");
  return {};
}

}  // namespace

TEST_CASE("every kind has a word that reads back") {
  for (LogKind kind : {LogKind::kAction, LogKind::kResign, LogKind::kAbortProposed, LogKind::kAbortVoted,
                       LogKind::kAbortRefused, LogKind::kAbortLapsed, LogKind::kAborted, LogKind::kUndo,
                       LogKind::kLateAsked, LogKind::kLateVotedWait, LogKind::kLateVotedRobot, LogKind::kLateVotedEnd,
                       LogKind::kLateWaited, LogKind::kLateRobot, LogKind::kLateEnded}) {
    CHECK(parse_log_kind(to_string(kind)) == kind);
  }
  CHECK_FALSE(parse_log_kind("rewind").has_value());
}

TEST_CASE("the players' decision about a late seat leaves the game as it is") {
  const GameSetup setup = two_players(41);
  const GameState dealt = *new_game(setup);
  const Seat late = seats_to_act(dealt).front();
  const Seat other{static_cast<std::uint8_t>(1 - late.value)};
  const std::vector<LoggedAction> log{LoggedAction{late, Action{}, LogKind::kLateAsked},
                                      LoggedAction{other, Action{}, LogKind::kLateVotedEnd},
                                      LoggedAction{late, Action{}, LogKind::kLateEnded}};
  const auto after = replay(setup, log);
  REQUIRE(after.has_value());
  CHECK(state_hash(*after) == state_hash(dealt));
}

TEST_CASE("an undo returns the state to exactly the one before the action it takes back") {
  const GameSetup setup = two_players(41);
  const GameState dealt = *new_game(setup);
  const LoggedAction move = first_move(dealt);
  std::vector<LoggedAction> log{LoggedAction{move.seat, Action{}, LogKind::kAbortProposed}, move,
                                LoggedAction{move.seat, Action{}, LogKind::kResign},
                                LoggedAction{move.seat, Action{}, LogKind::kUndo}};
  const auto after = replay(setup, log);
  REQUIRE(after.has_value());
  CHECK(state_hash(*after) == state_hash(dealt));
  // The action done again reaches the state it reached the first time.
  log.push_back(move);
  const auto again = replay(setup, log);
  REQUIRE(again.has_value());
  CHECK(state_hash(*again) == state_hash(*replay(setup, {move})));
}

TEST_CASE("an undo with nothing to take back does not replay") {
  const GameSetup setup = two_players(42);
  const GameState dealt = *new_game(setup);
  const LoggedAction move = first_move(dealt);
  CHECK_FALSE(replay(setup, {LoggedAction{move.seat, Action{}, LogKind::kUndo}}).has_value());
  // Two undos in a row: the second has no action left to take back.
  CHECK_FALSE(replay(setup, {move, LoggedAction{move.seat, Action{}, LogKind::kUndo},
                             LoggedAction{move.seat, Action{}, LogKind::kUndo}})
                  .has_value());
}

TEST_CASE("an action that shows a face-down card or ends a phase may not be undone") {
  CHECK(undo_bar(Events{CardTaken{Seat{0}, CardId{}, Source::kUpper}}) == std::nullopt);
  CHECK(undo_bar(Events{ObservatoryUsed{Seat{0}, Deck::kWorker, CardId{}}}) == UndoBar::kRevealsCard);
  CHECK(undo_bar(Events{Passed{Seat{0}, PassKind::kChosen, false}, DisplayFilled{Deck::kBuilding, 4, false}}) ==
        UndoBar::kRevealsCard);
  CHECK(undo_bar(Events{Passed{Seat{0}, PassKind::kChosen, false}, PhaseScored{}}) == UndoBar::kPhaseEnded);
  // The game's own two passes end the first phase: scored and refilled.
  const GameSetup setup = two_players(43);
  GameState state = *new_game(setup);
  Events events;
  for (int i = 0; i < 2; ++i) {
    events.clear();
    REQUIRE(apply_in_place(state, seats_to_act(state).front(), Pass{}, &events).has_value());
  }
  CHECK(undo_bar(events).has_value());
}
