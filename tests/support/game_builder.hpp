// Test helpers: games with chosen stacks, money and cards, and short ways to
// name cards and act, so a test reads like the rulebook passage it checks.
#pragma once

#include <initializer_list>
#include <string_view>
#include <vector>

#include "engine/action.hpp"
#include "engine/rules.hpp"
#include "engine/setup.hpp"
#include "engine/state.hpp"

namespace sp::test {

engine::CardId card(std::string_view id);
std::vector<engine::CardId> cards(std::initializer_list<std::string_view> ids);

// Builds a GameSetup; unset stacks are the full shuffled decks of the seed.
class GameBuilder {
 public:
  explicit GameBuilder(int players = 4);
  GameBuilder& seed(std::uint64_t seed);
  GameBuilder& options(const engine::TableOptions& options);
  GameBuilder& expansions(bool banquet, bool new_society);
  GameBuilder& stack(engine::Deck deck, std::initializer_list<std::string_view> top_first);
  GameBuilder& markers(int worker, int building, int aristocrat, int trading);
  GameBuilder& rubles(std::vector<int> rubles);
  engine::GameSetup setup() const { return setup_; }
  engine::GameState build() const;

 private:
  engine::GameSetup setup_;
};

// Puts cards straight into a seat's tableau or hand (arranging a situation).
void give_tableau(engine::GameState& state, int seat, std::initializer_list<std::string_view> ids);
void give_hand(engine::GameState& state, int seat, std::initializer_list<std::string_view> ids);

engine::Seat seat(int n);

// Applies an action that the test expects to be legal; fails the test otherwise.
void act(engine::GameState& state, int seat, const engine::Action& action);
// Passes for every seat in turn until the phase changes.
void pass_round_of_phase(engine::GameState& state);

// Four players and known stacks. Upper row at the start: Lumberjack, Gold
// Miner, Shepherd, Fur Trapper, Ship Builder, Lumberjack, Gold Miner,
// Shepherd. Seat 0 starts the worker phase, seat 1 the building phase.
GameBuilder four_players();

}  // namespace sp::test
