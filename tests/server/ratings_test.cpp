// The Plackett-Luce update of Weng and Lin (2011) against numbers worked out
// apart from this code: tests/ratings/plackett_luce_check.py prints each
// case's expected values (python3 tests/ratings/plackett_luce_check.py).
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "server/ratings/plackett_luce.hpp"

namespace sp::ratings {
namespace {

constexpr double kTolerance = 1e-9;

void expect(const Rating& got, double mu, double sigma) {
  CHECK(got.mu == doctest::Approx(mu).epsilon(kTolerance));
  CHECK(got.sigma == doctest::Approx(sigma).epsilon(kTolerance));
}

TEST_CASE("two newcomers: the winner gains what the loser loses") {
  // plackett_luce_check.py, "two newcomers, seat 0 wins"
  const auto after = rate({{newcomer(), 1}, {newcomer(), 2}});
  REQUIRE(after.size() == 2);
  expect(after[0], 27.6352313835, 8.0655063163);
  expect(after[1], 22.3647686165, 8.0655063163);
  CHECK(conservative(after[0]) > conservative(newcomer()));
  CHECK(conservative(after[1]) < conservative(newcomer()));
}

TEST_CASE("four newcomers in order: each place above the next") {
  // plackett_luce_check.py, "four newcomers, places 1 2 3 4"
  const auto after = rate({{newcomer(), 1}, {newcomer(), 2}, {newcomer(), 3}, {newcomer(), 4}});
  expect(after[0], 27.7950849719, 8.2631607576);
  expect(after[1], 26.5528249844, 8.1792137049);
  expect(after[2], 24.6894350031, 8.0837313072);
  expect(after[3], 20.9626550406, 8.0837313072);
}

TEST_CASE("four players of unequal ratings, given out of place order") {
  // plackett_luce_check.py, "four unequal, places 3 1 4 2"
  const auto after = rate({{{30, 5}, 3}, {{22, 7}, 1}, {{27, 6}, 4}, {{18, 8}, 2}});
  expect(after[0], 29.4692871194, 4.9403995155);
  expect(after[1], 24.4891264470, 6.9478499011);
  expect(after[2], 24.4657499492, 5.8824402133);
  expect(after[3], 20.6128544670, 7.8386488851);
}

TEST_CASE("ties share a place as the paper divides them") {
  // plackett_luce_check.py, "three newcomers, two tied first"
  const auto three = rate({{newcomer(), 1}, {newcomer(), 1}, {newcomer(), 3}});
  expect(three[0], 25.7172191382, 8.2048370308);
  expect(three[1], 25.7172191382, 8.2048370308);
  expect(three[2], 23.5655617236, 8.2048370308);
  // Equal players tied: no news about who is better.
  const auto equal = rate({{newcomer(), 1}, {newcomer(), 1}});
  CHECK(equal[0].mu == doctest::Approx(25.0));
  CHECK(equal[1].mu == doctest::Approx(25.0));
  // A tie with a weaker player costs the stronger: "two unequal tied".
  const auto unequal = rate({{{30, 4}, 1}, {{20, 6}, 1}});
  expect(unequal[0], 29.5785022475, 3.9698011978);
  expect(unequal[1], 20.9483699432, 5.8457119346);
}

TEST_CASE("the update does not depend on the order players are given in") {
  std::vector<Standing> game{{{30, 5}, 3}, {{22, 7}, 1}, {{27, 6}, 4}, {{18, 8}, 2}, {{25, 3}, 2}};
  const auto reference = rate(game);
  std::vector<std::size_t> order{0, 1, 2, 3, 4};
  int permutations = 0;
  while (std::next_permutation(order.begin(), order.end())) {
    std::vector<Standing> shuffled;
    for (std::size_t i : order) shuffled.push_back(game[i]);
    const auto after = rate(shuffled);
    for (std::size_t k = 0; k < order.size(); ++k) {
      CHECK(after[k].mu == doctest::Approx(reference[order[k]].mu).epsilon(1e-12));
      CHECK(after[k].sigma == doctest::Approx(reference[order[k]].sigma).epsilon(1e-12));
    }
    ++permutations;
  }
  CHECK(permutations == 119);
}

TEST_CASE("sigma never falls below sqrt(kappa) of itself; one player is not rated") {
  const auto lone = rate({{newcomer(), 1}});
  CHECK(lone[0] == newcomer());
  // A huge favourite winning: almost no news, sigma barely moves but stays positive.
  const auto after = rate({{{60, 1}, 1}, {{0, 1}, 2}});
  CHECK(after[0].sigma > 0.01);
  CHECK(after[0].mu >= 60.0);
  CHECK(after[1].mu <= 0.0);
}

}  // namespace
}  // namespace sp::ratings
