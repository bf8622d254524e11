// Views: what one viewer may see of a game.
//
// A seat sees its own hand and money, and the others' as the table's options
// allow; a spectator sees what every seat may see of the others; the
// administrator sees everything, the stacks' order included. Under the stack
// peek option everyone learns which cards remain in each stack and how many of
// each, never in what order. Nothing else ever leaves the engine for a client.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "engine/card.hpp"
#include "engine/event.hpp"
#include "engine/state.hpp"

namespace sp::engine {

struct Viewer {
  enum class Kind : std::uint8_t { kSeat, kSpectator, kAdministrator };
  Kind kind = Kind::kSpectator;
  Seat seat;

  static Viewer of_seat(Seat seat) { return Viewer{Kind::kSeat, seat}; }
  static Viewer spectator() { return Viewer{Kind::kSpectator, Seat{}}; }
  static Viewer administrator() { return Viewer{Kind::kAdministrator, Seat{}}; }
};

struct CardCount {
  CardId card;
  int count = 0;
  friend bool operator==(const CardCount&, const CardCount&) = default;
};

struct StackView {
  int size = 0;
  std::optional<std::vector<CardCount>> contents;   // stack peek: catalogue order
  std::optional<std::vector<CardId>> order;         // administrator only: top card first
  friend bool operator==(const StackView&, const StackView&) = default;
};

struct PlayerView {
  Seat seat;
  std::optional<int> rubles;
  int points = 0;
  std::optional<std::vector<CardId>> hand;
  int hand_size = 0;
  std::vector<TableauCard> tableau;
  std::vector<Phase> starting_markers;
  bool disc = false;
  bool passed_until_phase_end = false;
  bool pub_used = false;
  bool trading_house_used = false;
  int guild_hall_rubles = 0;
  std::optional<FinalScore> final_score;
  friend bool operator==(const PlayerView&, const PlayerView&) = default;
};

struct TableView {
  TableOptions options;
  int player_count = 0;
  int round = 1;
  Phase phase = Phase::kWorker;
  Step step = Step::kActions;
  std::vector<Seat> to_act;
  bool last_round = false;
  std::uint32_t move_number = 0;
  std::vector<PlayerView> players;
  std::vector<CardId> upper;
  std::vector<CardId> lower;
  std::array<StackView, kDeckCount> stacks;
  std::vector<CardId> discard;
  bool card_drawn = false;
  std::optional<CardId> drawn;  // when the viewer may see it
  std::optional<Seat> disc;
  std::optional<std::vector<Seat>> ranking;  // once the game is over, best first
};

TableView view_for(const GameState& state, Viewer viewer);

// An event as one viewer may see it: the one place that decides, for every
// encoder (the wire's events, the move log in words). With hidden hands the
// card an Observatory drew belongs to its drawer until it is played: anyone
// else (but the administrator) learns that a card was drawn, not which. The
// hidden card is blanked out of `event` itself, so no encoder can name it
// even by mistake.
struct EventView {
  Event event;
  bool drawn_card_hidden = false;
};

EventView event_for(const Event& event, const TableOptions& options, Viewer viewer);

// Which cards remain in a stack and how many of each, in catalogue order.
std::vector<CardCount> stack_contents(const Stack& stack);

}  // namespace sp::engine
