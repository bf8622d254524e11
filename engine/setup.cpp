#include "engine/setup.hpp"

#include <algorithm>
#include <numeric>
#include <string>

#include "engine/flow.hpp"
#include "engine/rng.hpp"

namespace sp::engine {
namespace {

Unexpected<SetupError> invalid(std::string message) { return unexpected(SetupError{std::move(message)}); }

Expected<bool, SetupError> build_stacks(const GameSetup& setup, Rng& rng, GameState& state) {
  const Expansions& expansions = setup.options.expansions;
  for (int d = 0; d < kDeckCount; ++d) {
    const Deck deck = static_cast<Deck>(d);
    Stack& stack = state.stacks[d];
    if (!setup.stacks[d]) {
      std::vector<CardId> cards = deck_cards(deck, expansions);
      rng.shuffle(std::span<CardId>(cards));
      for (CardId card : cards) stack.push_back(card);
      continue;
    }
    const std::vector<CardId>& top_first = *setup.stacks[d];
    if (top_first.size() > Stack::capacity()) return invalid("The " + std::string(to_string(deck)) + " stack is too long.");
    for (CardId card : top_first) {
      const CardSpec& c = spec(card);
      if (c.deck != deck) {
        return invalid(std::string(c.name) + " belongs to the " + std::string(to_string(c.deck)) + " stack, not the " +
                       std::string(to_string(deck)) + " stack.");
      }
      if (!is_in_card_set(card, expansions)) {
        return invalid(std::string(c.name) + " is not in the game with this table's expansions.");
      }
      const auto copies = std::count(top_first.begin(), top_first.end(), card);
      if (copies > copies_in_game(card, expansions)) {
        return invalid("The " + std::string(to_string(deck)) + " stack holds " + std::to_string(copies) + " " +
                       std::string(c.name) + " cards; the game has " +
                       std::to_string(copies_in_game(card, expansions)) + ".");
      }
    }
    for (auto it = top_first.rbegin(); it != top_first.rend(); ++it) stack.push_back(*it);
  }
  return true;
}

// Ruling 1: every player at least one marker, nobody more than two; with five
// players one each and the fifth player holds the disc.
void deal_markers(int players, Rng& rng, GameState& state) {
  std::array<std::uint8_t, kMaxSeats> seats{};
  std::iota(seats.begin(), seats.end(), std::uint8_t{0});
  rng.shuffle(std::span<std::uint8_t>(seats.data(), static_cast<std::size_t>(players)));
  std::array<int, 4> phases{0, 1, 2, 3};
  rng.shuffle(std::span<int>(phases));
  for (int i = 0; i < 4; ++i) state.markers[phases[i]] = Seat{seats[i % players]};
  if (players == 5) state.disc_holder = seats[4];
}

}  // namespace

bool is_in_card_set(CardId card, const Expansions& expansions) {
  const CardSpec& c = spec(card);
  switch (c.expansion) {
    case Expansion::kBase: return !(expansions.new_society && c.replaced_by_new_society);
    case Expansion::kNewSociety: return expansions.new_society;
    case Expansion::kBanquet: return expansions.banquet;
  }
  return false;
}

int copies_in_game(CardId card, const Expansions& expansions) {
  if (!is_in_card_set(card, expansions)) return 0;
  const CardSpec& c = spec(card);
  return c.count + (expansions.new_society ? c.new_society_extra_copies : 0);
}

std::vector<CardId> deck_cards(Deck deck, const Expansions& expansions) {
  std::vector<CardId> cards;
  for (int i = 0; i < card_count(); ++i) {
    const CardId card{static_cast<std::uint8_t>(i)};
    if (spec(card).deck != deck) continue;
    for (int n = copies_in_game(card, expansions); n > 0; --n) cards.push_back(card);
  }
  return cards;
}

Expected<GameState, SetupError> new_game(const GameSetup& setup) {
  const int players = setup.player_count;
  const TableOptions& options = setup.options;
  if (players < kMinSeats || players > kMaxSeats) return invalid("A table seats 2 to 5 players.");
  if (players == 5 && !options.expansions.new_society) {
    return invalid("Five players need The New Society expansion.");
  }
  if (options.auto_pass_forced && !(options.public_money && options.public_hands)) {
    return invalid("Forced passes need public money and hands: an automatic pass would reveal what a seat cannot afford.");
  }

  GameState state;
  state.options = options;
  state.player_count = static_cast<std::uint8_t>(players);
  Rng rng(setup.seed);
  if (auto built = build_stacks(setup, rng, state); !built) return unexpected(built.error());

  if (setup.starting_markers) {
    for (Seat holder : *setup.starting_markers) {
      if (holder.value >= players) return invalid("A starting-player marker is given to a seat that does not exist.");
    }
    state.markers = *setup.starting_markers;
    if (players == 5) {
      for (int seat = 0; seat < players && state.disc_holder == kNoSeat; ++seat) {
        if (std::none_of(state.markers.begin(), state.markers.end(), [seat](Seat s) { return s.value == seat; })) {
          state.disc_holder = static_cast<std::uint8_t>(seat);
        }
      }
    }
  } else {
    deal_markers(players, rng, state);
  }
  if (setup.disc) {
    if (players != 5) return invalid("The disc is used with five players only.");
    if (setup.disc->value >= players) return invalid("The disc is given to a seat that does not exist.");
    state.disc_holder = setup.disc->value;
  }

  for (int seat = 0; seat < players; ++seat) {
    state.players[seat].rubles =
        kStartingRubles + (seat == state.disc_holder ? kDiscHolderExtraRubles : 0);
  }
  if (setup.rubles) {
    if (static_cast<int>(setup.rubles->size()) != players) return invalid("Give starting rubles for every seat.");
    for (int seat = 0; seat < players; ++seat) {
      if ((*setup.rubles)[seat] < 0) return invalid("Starting rubles cannot be negative.");
      state.players[seat].rubles = (*setup.rubles)[seat];
    }
  }

  // Ruling 2 and 19: two workers per player from the top of the worker stack.
  Stack& workers = state.stack(Deck::kWorker);
  const int opening = std::min(2 * players, static_cast<int>(workers.size()));
  for (int i = 0; i < opening; ++i) state.upper.push_back(workers.pop_back());
  if (workers.empty()) state.last_round = true;

  flow::begin_game(state, nullptr);
  return state;
}

}  // namespace sp::engine
