// GameState: everything about one game, as a plain value.
//
// A state is copyable with memcpy (no pointers, no heap), comparable with ==,
// and owns nothing outside itself. It holds the order of the face-down stacks,
// so it is never shown as it is: views (engine/view.hpp) decide what each
// viewer may see. Player names and the seed are not part of it; they belong to
// the table (GameSetup) that created it.
#pragma once

#include <array>
#include <cstdint>

#include "engine/card.hpp"
#include "engine/fixed_list.hpp"
#include "engine/options.hpp"
#include "engine/seat.hpp"

namespace sp::engine {

inline constexpr int kHandCapacity = 4;          // 3, or 4 with a Warehouse
inline constexpr int kDisplaySize = 8;           // cards on the board after each fill
inline constexpr int kStartingRubles = 25;
inline constexpr int kDiscHolderExtraRubles = 2;

// A card in a player's play area, with what lies on it or happened to it.
struct TableauCard {
  CardId card;
  bool face_down = false;  // a used Observatory or Debtor's Prison, until the next round
  bool jester = false;     // a Jester lies on it until its next scoring
  bool banquet = false;    // a Banquet lies on it until its next scoring
  friend bool operator==(const TableauCard&, const TableauCard&) = default;
};

using Hand = FixedList<CardId, kHandCapacity>;
using Tableau = FixedList<TableauCard, 160>;
using Stack = FixedList<CardId, 64>;  // the top card is the last one
using Row = FixedList<CardId, 16>;
using DiscardPile = FixedList<CardId, 240>;

struct PlayerState {
  int rubles = kStartingRubles;
  int points = 0;
  Hand hand;
  Tableau tableau;
  bool passed_until_phase_end = false;
  bool pub_used = false;            // this round
  bool trading_house_used = false;  // this building phase
  std::uint8_t guild_hall_rubles = 0;  // the Guild Hall split: rubles, and 4 minus this in points
  friend bool operator==(const PlayerState&, const PlayerState&) = default;
};

// What the engine is waiting for.
enum class Step : std::uint8_t {
  kActions,       // `current` takes a turn (buy, take, play, pass, ...)
  kPickpocket,    // `current` holds a Pickpocket at the start of the phase: play it or not
  kDrawnCard,     // `current` drew a card with an Observatory: buy, take or discard it
  kDiscardPick,   // `current` used a Debtor's Prison or Black Market: pick from the discard pile
  kPubPurchase,   // original Pub timing: `current` may buy points after building scoring
  kFinished,
};

enum class DiscardPickReason : std::uint8_t { kDebtorsPrison, kBlackMarket };

// One seat's final scoring.
struct FinalScore {
  int points_before = 0;  // points on the track before final scoring
  int aristocrat_bonus = 0;
  int money_points = 0;
  int hand_penalty = 0;   // -5 per card left in hand: zero or negative
  int total = 0;
  int place = 0;          // 1 = winner; tied seats share a place
  friend bool operator==(const FinalScore&, const FinalScore&) = default;
};

inline constexpr std::uint8_t kNoSeat = 0xFF;

struct GameState {
  TableOptions options;
  std::uint8_t player_count = 0;
  std::uint16_t round = 1;
  Phase phase = Phase::kWorker;
  Step step = Step::kActions;
  Seat current;
  bool last_round = false;
  std::uint32_t move_number = 0;  // actions accepted so far

  // Seats that passed since the last action that was not a pass (bit per seat).
  std::uint8_t passed_since_action = 0;
  // Double Turn: further actions `current` takes before play moves on, and the
  // cards taken into the hand during it (they cannot be played in it).
  std::uint8_t extra_actions = 0;
  bool in_double_turn = false;
  FixedList<CardId, 4> taken_in_double_turn;
  // Pending decisions.
  CardId drawn;
  DiscardPickReason discard_pick_reason = DiscardPickReason::kDebtorsPrison;
  std::uint8_t pub_window_asked = 0;  // original Pub timing: seats already asked

  std::array<Seat, 4> markers{};        // holder of each phase's starting-player marker
  std::uint8_t disc_holder = kNoSeat;   // five players (The New Society)

  std::array<Stack, kDeckCount> stacks;
  Row upper;
  Row lower;
  DiscardPile discard;
  std::array<PlayerState, kMaxSeats> players{};
  std::array<FinalScore, kMaxSeats> final_scores{};

  PlayerState& player(Seat seat) { return players[seat.value]; }
  const PlayerState& player(Seat seat) const { return players[seat.value]; }
  Stack& stack(Deck deck) { return stacks[static_cast<int>(deck)]; }
  const Stack& stack(Deck deck) const { return stacks[static_cast<int>(deck)]; }
  bool is_finished() const { return phase == Phase::kFinished; }

  friend bool operator==(const GameState&, const GameState&) = default;
};

}  // namespace sp::engine
