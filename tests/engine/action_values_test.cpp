// The values of a seat's actions (engine/action_values.hpp): they depend only
// on what the seat may know and on the seed, and they tell a random player's
// choices from today's robot's (the ground of judging a decision's cost).
#include "engine/action_values.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "engine/legal_actions.hpp"
#include "engine/robot_level.hpp"
#include "engine/rules.hpp"

#include "tests/support/robot_tables.hpp"

using namespace sp::engine;
using sp::test::new_table;
using sp::test::secretive_options;
using sp::test::with_other_secrets;

namespace {

std::vector<Action> legal(const GameState& state, Seat seat) {
  std::vector<Action> actions;
  for (const LegalAction& a : legal_actions(state, seat)) actions.push_back(a.action);
  return actions;
}

// The cost of choosing `chosen`: the best value less its own.
double cost_of(const std::vector<Action>& actions, const std::vector<double>& values, const Action& chosen) {
  const auto at = std::find(actions.begin(), actions.end(), chosen);
  REQUIRE(at != actions.end());
  return *std::max_element(values.begin(), values.end()) - values[static_cast<std::size_t>(at - actions.begin())];
}

}  // namespace

TEST_CASE("actions' values depend only on what the seat may know and on the seed") {
  GameState state = new_table(3, Expansions{true, true}, 4, secretive_options());
  Rng play(4);
  Rng rearrange(77);
  int compared = 0;
  for (int decision = 1; !state.is_finished(); ++decision) {
    const Seat seat = state.current;
    if (decision % 13 == 0) {
      const std::vector<Action> actions = legal(state, seat);
      const std::vector<double> values = action_values(state, seat, actions, decision, 2);
      REQUIRE(values.size() == actions.size());
      CHECK(action_values(state, seat, actions, decision, 2) == values);
      const GameState other = with_other_secrets(state, seat, rearrange);
      if (other != state) {
        CHECK(action_values(other, seat, actions, decision, 2) == values);
        ++compared;
      }
    }
    REQUIRE(apply_in_place(state, seat, choose_robot_action(state, seat, play, RobotLevel::kWorth), nullptr).has_value());
  }
  CHECK(compared > 5);
}

TEST_CASE("random choices cost more than today's robot's on the same positions") {
  double random_cost = 0.0;
  double robot_cost = 0.0;
  int positions = 0;
  for (std::uint64_t seed = 1; seed <= 2; ++seed) {
    GameState state = new_table(2, Expansions{}, seed);
    Rng play(seed);
    Rng random_rng(seed + 10);
    Rng robot_rng(seed + 20);
    for (int decision = 1; !state.is_finished(); ++decision) {
      const Seat seat = state.current;
      const std::vector<Action> actions = legal(state, seat);
      if (decision % 5 == 0 && actions.size() > 1) {
        const std::vector<double> values = action_values(state, seat, actions, seed * 1000 + decision, 24);
        random_cost += cost_of(actions, values, choose_robot_action(state, seat, random_rng, RobotLevel::kRandom));
        robot_cost += cost_of(actions, values, choose_robot_action(state, seat, robot_rng, RobotLevel::kWorth));
        ++positions;
      }
      REQUIRE(apply_in_place(state, seat, choose_robot_action(state, seat, play, RobotLevel::kWorth), nullptr).has_value());
    }
  }
  MESSAGE("positions " << positions << ", mean cost: random " << random_cost / positions << ", today's robot "
                       << robot_cost / positions);
  REQUIRE(positions > 20);
  // The values are means of noisy playouts and the cost takes their best, so
  // even a perfect choice costs something: at 4 deals the noise hid the
  // difference (10.5 against 11.3), at 24 it shows (7.6 against 5.4).
  CHECK(random_cost > robot_cost);
}
