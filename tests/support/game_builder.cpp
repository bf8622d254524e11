#include "tests/support/game_builder.hpp"

#include <doctest/doctest.h>

#include <string>

namespace sp::test {

engine::CardId card(std::string_view id) {
  const auto found = engine::find_card(id);
  REQUIRE_MESSAGE(found.has_value(), "no card " << std::string(id));
  return *found;
}

std::vector<engine::CardId> cards(std::initializer_list<std::string_view> ids) {
  std::vector<engine::CardId> out;
  for (std::string_view id : ids) out.push_back(card(id));
  return out;
}

GameBuilder::GameBuilder(int players) {
  setup_.player_count = players;
  setup_.seed = 1;
  setup_.starting_markers = std::array<engine::Seat, 4>{seat(0), seat(1 % players), seat(2 % players), seat(3 % players)};
}

GameBuilder& GameBuilder::seed(std::uint64_t seed) {
  setup_.seed = seed;
  return *this;
}

GameBuilder& GameBuilder::options(const engine::TableOptions& options) {
  setup_.options = options;
  return *this;
}

GameBuilder& GameBuilder::expansions(bool banquet, bool new_society) {
  setup_.options.expansions = engine::Expansions{banquet, new_society};
  return *this;
}

GameBuilder& GameBuilder::stack(engine::Deck deck, std::initializer_list<std::string_view> top_first) {
  setup_.stacks[static_cast<int>(deck)] = cards(top_first);
  return *this;
}

GameBuilder& GameBuilder::markers(int worker, int building, int aristocrat, int trading) {
  setup_.starting_markers = std::array<engine::Seat, 4>{seat(worker), seat(building), seat(aristocrat), seat(trading)};
  return *this;
}

GameBuilder& GameBuilder::rubles(std::vector<int> rubles) {
  setup_.rubles = std::move(rubles);
  return *this;
}

engine::GameState GameBuilder::build() const {
  auto state = engine::new_game(setup_);
  REQUIRE_MESSAGE(state.has_value(), (state.has_value() ? "" : state.error().message));
  return *state;
}

void give_tableau(engine::GameState& state, int seat, std::initializer_list<std::string_view> ids) {
  for (std::string_view id : ids) state.players[seat].tableau.push_back(engine::TableauCard{card(id)});
}

void give_hand(engine::GameState& state, int seat, std::initializer_list<std::string_view> ids) {
  for (std::string_view id : ids) state.players[seat].hand.push_back(card(id));
}

engine::Seat seat(int n) { return engine::Seat{static_cast<std::uint8_t>(n)}; }

void act(engine::GameState& state, int s, const engine::Action& action) {
  auto result = engine::apply_in_place(state, seat(s), action, nullptr);
  REQUIRE_MESSAGE(result.has_value(), (result.has_value() ? "" : result.error().message));
}

void pass_round_of_phase(engine::GameState& state) {
  const engine::Phase phase = state.phase;
  const std::uint16_t round = state.round;
  for (int guard = 0; guard < 20 && state.phase == phase && state.round == round && !state.is_finished(); ++guard) {
    act(state, state.current.value, engine::Pass{});
  }
  REQUIRE((state.phase != phase || state.round != round || state.is_finished()));
}


GameBuilder four_players() {
  return GameBuilder(4)
      .stack(engine::Deck::kWorker, {"lumberjack", "gold_miner", "shepherd", "fur_trapper", "ship_builder", "lumberjack",
                             "gold_miner", "shepherd", "fur_trapper", "ship_builder", "lumberjack", "gold_miner",
                             "shepherd", "fur_trapper", "ship_builder", "lumberjack", "gold_miner", "shepherd"})
      .stack(engine::Deck::kBuilding, {"market", "customs_house", "firehouse", "market", "customs_house", "firehouse",
                               "market", "customs_house", "hospital", "library", "theater"})
      .stack(engine::Deck::kAristocrat, {"administrator", "administrator", "secretary", "warehouse_manager", "author",
                                 "author", "judge", "controller", "author", "secretary"})
      .stack(engine::Deck::kTrading, {"st_isaacs_cathedral", "carpenter_workshop", "gold_smelter", "fur_shop", "pope",
                              "senator", "bank", "peterhof", "wharf", "harbor"})
      .markers(0, 1, 2, 3);
}

}  // namespace sp::test
