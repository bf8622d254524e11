#include "engine/flow.hpp"

#include <algorithm>

#include "engine/legal_actions.hpp"
#include "engine/scoring.hpp"
#include "engine/tableau.hpp"

namespace sp::engine::flow {
namespace {

// The flow ends every phase within a bounded number of steps; running past
// this means a bug, never a long game.
constexpr int kSettleGuard = 100000;

template <typename E>
void emit(Events* events, E event) {
  if (events != nullptr) events->push_back(std::move(event));
}

std::uint8_t bit(Seat seat) { return static_cast<std::uint8_t>(1u << seat.value); }

Seat seat_after(const GameState& state, Seat seat, int steps) {
  return Seat{static_cast<std::uint8_t>((seat.value + steps) % state.player_count)};
}

// Ruling 7: after each phase's scoring the display is filled up to 8 from the
// next stack, new cards in the upper row. Ruling 8: a fill that places a stack's
// last card, or cannot fill every space, makes its round the last one.
void fill_display(GameState& state, Deck deck, Events* events) {
  const int needed = kDisplaySize - static_cast<int>(state.upper.size() + state.lower.size());
  if (needed <= 0) return;  // ruling 19: a fill that needs no card places none
  Stack& stack = state.stack(deck);
  const int placed = std::min(needed, static_cast<int>(stack.size()));
  for (int i = 0; i < placed; ++i) state.upper.push_back(stack.pop_back());
  const bool starts_last_round = stack.empty() && !state.last_round;
  if (stack.empty()) state.last_round = true;
  emit(events, DisplayFilled{deck, placed, starts_last_round});
}

void start_phase(GameState& state, Phase phase, Events* events) {
  state.phase = phase;
  state.passed_since_action = 0;
  state.extra_actions = 0;
  state.in_double_turn = false;
  state.taken_in_double_turn.clear();
  if (phase == Phase::kBuilding) {
    for (PlayerState& player : state.players) player.trading_house_used = false;
  }
  const Seat starter = state.markers[static_cast<int>(phase)];
  emit(events, PhaseStarted{state.round, phase, starter});

  // Ruling 18 and 28: before the first action, every seat holding a Pickpocket
  // is asked, in turn order from the starting player.
  const CardId pickpocket = card_with_ability(Ability::kPickpocket);
  for (int i = 0; i < state.player_count; ++i) {
    const Seat seat = seat_after(state, starter, i);
    if (state.player(seat).hand.find_if([pickpocket](CardId c) { return c == pickpocket; }) >= 0) {
      state.step = Step::kPickpocket;
      state.current = seat;
      return;
    }
  }
  state.step = Step::kActions;
  state.current = starter;
}

void start_round(GameState& state, Events* events) {
  for (PlayerState& player : state.players) {
    player.pub_used = false;
    for (TableauCard& card : player.tableau) card.face_down = false;
  }
  // Ruling 16 and 19: the disc holder scores 2 points at the start of every
  // round, after the worker fill and before any Pickpocket question.
  if (state.disc_holder != kNoSeat) {
    state.players[state.disc_holder].points += 2;
    emit(events, DiscScored{Seat{state.disc_holder}, 2});
  }
  start_phase(state, Phase::kWorker, events);
}

void end_game(GameState& state, Events* events) {
  score_final(state);
  state.phase = Phase::kFinished;
  state.step = Step::kFinished;
  emit(events, GameEnded{});
}

// Rulebook, "the trading card phase and the end of the round".
void end_round(GameState& state, Events* events) {
  const RoundEnded ended{state.round, static_cast<int>(state.lower.size()), state.lower, state.upper};
  for (CardId card : state.lower) state.discard.push_back(card);
  state.lower = state.upper;
  state.upper.clear();
  emit(events, ended);

  fill_display(state, Deck::kWorker, events);  // belongs to the next round (ruling 8)

  // Markers go to the left neighbour; with five players two seats on (ruling 16).
  const int shift = state.player_count == 5 ? 2 : 1;
  for (Seat& holder : state.markers) holder = seat_after(state, holder, shift);
  if (state.disc_holder != kNoSeat) {
    state.disc_holder = seat_after(state, Seat{state.disc_holder}, shift).value;
  }
  ++state.round;
  start_round(state, events);
}

void after_scoring(GameState& state, Events* events) {
  switch (state.phase) {
    case Phase::kWorker:
      fill_display(state, Deck::kBuilding, events);
      start_phase(state, Phase::kBuilding, events);
      return;
    case Phase::kBuilding:
      fill_display(state, Deck::kAristocrat, events);
      start_phase(state, Phase::kAristocrat, events);
      return;
    case Phase::kAristocrat:
      fill_display(state, Deck::kTrading, events);
      start_phase(state, Phase::kTrading, events);
      return;
    case Phase::kTrading:
      if (state.last_round) {
        end_game(state, events);
      } else {
        end_round(state, events);
      }
      return;
    case Phase::kFinished:
      return;
  }
}

void end_actions(GameState& state, Events* events) {
  for (PlayerState& player : state.players) player.passed_until_phase_end = false;
  state.extra_actions = 0;
  state.in_double_turn = false;
  state.taken_in_double_turn.clear();
  if (state.phase != Phase::kTrading) score_phase(state, state.phase, events);
  if (state.phase == Phase::kBuilding &&
      state.options.pub_timing == PubTiming::kAfterBuildingScoring) {
    state.pub_window_asked = 0;
    continue_pub_window(state, events);
    return;
  }
  after_scoring(state, events);
}

std::optional<PassKind> automatic_pass(const GameState& state) {
  if (state.player(state.current).passed_until_phase_end) return PassKind::kUntilPhaseEnd;
  if (state.options.auto_pass_forced && !has_action_besides_passing(state, state.current)) {
    return PassKind::kForced;
  }
  return std::nullopt;
}

}  // namespace

Seat next_seat(const GameState& state, Seat seat) { return seat_after(state, seat, 1); }

std::uint8_t all_seats_mask(const GameState& state) {
  return static_cast<std::uint8_t>((1u << state.player_count) - 1);
}

void begin_game(GameState& state, Events* events) {
  start_round(state, events);
  settle(state, events);
}

void finish_turn(GameState& state, bool passed) {
  // Ruling 20: the actions end when every seat has passed since the last
  // action that was not a pass; a seat's two passes in a Double Turn count once.
  if (passed) {
    state.passed_since_action |= bit(state.current);
  } else {
    state.passed_since_action = 0;
  }
  if (state.passed_since_action == all_seats_mask(state)) return;
  if (state.extra_actions > 0) {
    --state.extra_actions;
    return;
  }
  state.in_double_turn = false;
  state.taken_in_double_turn.clear();
  state.current = next_seat(state, state.current);
}

void begin_actions(GameState& state, Seat first) {
  state.step = Step::kActions;
  state.current = first;
}

void continue_pub_window(GameState& state, Events* events) {
  // Ruling 13, original timing: each Pub owner in turn order from the building
  // starting player may buy points right after building scoring.
  const Seat starter = state.markers[static_cast<int>(Phase::kBuilding)];
  for (int i = 0; i < state.player_count; ++i) {
    const Seat seat = seat_after(state, starter, i);
    if ((state.pub_window_asked & bit(seat)) != 0) continue;
    state.pub_window_asked |= bit(seat);
    const PlayerState& player = state.player(seat);
    if (has_ability(player, Ability::kPub) && player.rubles >= 2) {
      state.step = Step::kPubPurchase;
      state.current = seat;
      return;
    }
  }
  state.step = Step::kActions;
  after_scoring(state, events);
}

void settle(GameState& state, Events* events) {
  for (int guard = 0; guard < kSettleGuard; ++guard) {
    if (state.step != Step::kActions) return;
    if (state.passed_since_action == all_seats_mask(state)) {
      end_actions(state, events);
      continue;
    }
    const std::optional<PassKind> kind = automatic_pass(state);
    if (!kind) return;
    emit(events, Passed{state.current, *kind, false});
    finish_turn(state, true);
  }
  SP_ASSERT(!"the automatic flow did not settle");
}

}  // namespace sp::engine::flow
