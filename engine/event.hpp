// Events: what happened while the engine applied one action, in order — the
// action itself and everything the rules then did on their own (automatic
// passes, scoring, new cards, the end of a round or of the game). They feed the
// move log in words and the clients' animations; they never carry hidden
// information (a face-down card appears only once it is face up).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

#include "engine/action.hpp"
#include "engine/card.hpp"
#include "engine/fixed_list.hpp"
#include "engine/seat.hpp"

namespace sp::engine {

struct CardBought {
  Seat seat;
  CardId card;
  Source from;
  int price;
  std::optional<CardId> displaced;
};

struct CardTaken {
  Seat seat;
  CardId card;
  Source from;
};

// A card played from the hand: placed and paid for, or an action card used.
struct CardPlayed {
  Seat seat;
  CardId card;
  int price;
  std::optional<CardId> displaced;
  std::optional<CardId> target;
};

enum class PassKind : std::uint8_t {
  kChosen,        // the seat passed
  kUntilPhaseEnd, // the engine passed for a seat that passes until the phase ends
  kForced,        // the engine passed for a seat that could do nothing else
};

struct Passed {
  Seat seat;
  PassKind kind;
  bool until_phase_end;
};

struct PassUntilPhaseEndCancelled {
  Seat seat;
};

struct ObservatoryUsed {
  Seat seat;
  Deck stack;
  CardId drawn;
};

struct DebtorsPrisonUsed {
  Seat seat;
};

struct CardDiscarded {
  Seat seat;
  CardId card;
  Source from;
};

// Pub and Trading House.
struct PointsBought {
  Seat seat;
  CardId with;
  int points;
  int rubles;
};

struct GuildHallSplitChosen {
  Seat seat;
  int rubles;
  int points;
};

struct RublesGained {
  Seat seat;
  CardId from_card;
  int rubles;
};

struct Gain {
  int rubles = 0;
  int points = 0;
};

struct PhaseScored {
  Phase phase;
  std::array<Gain, kMaxSeats> gains;  // the first `players` are the seats'
  std::uint8_t players = 0;
};

struct DiscScored {
  Seat seat;
  int points;
};

struct DisplayFilled {
  Deck deck;
  int cards;
  bool starts_last_round;
};

struct PhaseStarted {
  std::uint16_t round;
  Phase phase;
  Seat starting_seat;
};

// The holder of a Pickpocket, asked at a phase's start, played it or kept it.
struct PickpocketAnswered {
  Seat seat;
  bool played;
};

// A Debtor's Prison or Black Market pick given up: nothing could be had.
struct DiscardPickGivenUp {
  Seat seat;
};

// The rows are face up, so the cards that left them are public: the lower
// row's went to the discard pile, the upper row's moved down.
struct RoundEnded {
  std::uint16_t round;
  int discarded_from_lower_row;
  FixedList<CardId, 16> discarded;   // the lower row's cards, in row order
  FixedList<CardId, 16> moved_down;  // the upper row's cards, now the lower row
};

struct GameEnded {};

using Event = std::variant<CardBought, CardTaken, CardPlayed, Passed, PassUntilPhaseEndCancelled,
                           ObservatoryUsed, DebtorsPrisonUsed, CardDiscarded, PointsBought,
                           GuildHallSplitChosen, RublesGained, PhaseScored, DiscScored,
                           DisplayFilled, PhaseStarted, PickpocketAnswered, DiscardPickGivenUp, RoundEnded, GameEnded>;

using Events = std::vector<Event>;

}  // namespace sp::engine
