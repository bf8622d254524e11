// A search's stop test (engine/robot_search.hpp): asked once after each deal,
// and a search stopped after its first deal chooses as a one-deal search does.
#include <doctest/doctest.h>

#include "engine/robot_level.hpp"
#include "engine/robot_search.hpp"
#include "engine/rules.hpp"
#include "tests/support/robot_tables.hpp"

using namespace sp::engine;
using sp::test::new_table;

namespace {

// Counts the questions; says stop from the `stop_after`-th on.
class CountingStop final : public SearchStop {
 public:
  explicit CountingStop(int stop_after) : stop_after_(stop_after) {}
  bool stop_now() const override { return ++asked_ >= stop_after_; }
  int asked() const { return asked_; }

 private:
  int stop_after_;
  mutable int asked_ = 0;
};

// A state where the search has several candidates to try.
GameState searched_state() {
  GameState state = new_table(3, Expansions{true, true}, 11);
  Rng rng(11);
  for (int n = 0; n < 12; ++n) {
    const Seat seat = state.current;
    REQUIRE(apply_in_place(state, seat, choose_robot_action(state, seat, rng, RobotLevel::kWorth), nullptr).has_value());
  }
  return state;
}

}  // namespace

TEST_CASE("a search asks its stop test once after each deal and stops when told") {
  const GameState state = searched_state();
  const Seat seat = state.current;
  CountingStop never(1000);
  Rng a(7);
  const Action whole = search_robot_action(state, seat, a, SearchBudget{4, 6}, &never);
  CHECK(never.asked() == 6);
  Rng b(7);
  CHECK(search_robot_action(state, seat, b, SearchBudget{4, 6}) == whole);

  CountingStop first(1);
  Rng c(7);
  const Action cut = search_robot_action(state, seat, c, SearchBudget{4, 6}, &first);
  CHECK(first.asked() == 1);
  Rng d(7);
  CHECK(search_robot_action(state, seat, d, SearchBudget{4, 1}) == cut);
}

TEST_CASE("a level that does not search never asks the stop test") {
  const GameState state = searched_state();
  CountingStop stop(1);
  Rng a(3);
  Rng b(3);
  CHECK(choose_robot_action(state, state.current, a, RobotLevel::kWorth, &stop) ==
        choose_robot_action(state, state.current, b, RobotLevel::kWorth));
  CHECK(stop.asked() == 0);
}
