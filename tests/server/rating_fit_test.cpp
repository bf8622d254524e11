// The line from people's mean cost per decision to their rating
// (server/ratings/rating_fit.hpp), against a case worked by hand.
#include "server/ratings/rating_fit.hpp"

#include <doctest/doctest.h>

namespace sp::ratings {
namespace {

TEST_CASE("the fit is the least-squares line, with its r squared and the spread about it") {
  // By hand: mean cost 3, mean rating 26; Sxy -22, Sxx 10, Syy 50; residuals
  // -0.4 -0.2 1 0.2 -0.6, their squares summing to 1.6.
  std::string error;
  const auto fit = fit_rating_to_cost({{30, 1}, {28, 2}, {27, 3}, {24, 4}, {21, 5}}, error);
  REQUIRE(fit.has_value());
  CHECK(fit->samples == 5);
  CHECK(fit->b == doctest::Approx(-2.2));
  CHECK(fit->a == doctest::Approx(32.6));
  CHECK(fit->r_squared == doctest::Approx(1 - 1.6 / 50));
  CHECK(fit->residual_sd == doctest::Approx(0.730297));
  CHECK(fit->rating_at(2.5) == doctest::Approx(27.1));
}

TEST_CASE("points on a line give that line exactly") {
  std::string error;
  std::vector<CostSample> samples;
  for (int i = 0; i < 7; ++i) samples.push_back({40.0 - 3.0 * i, 1.0 + i});
  const auto fit = fit_rating_to_cost(samples, error);
  REQUIRE(fit.has_value());
  CHECK(fit->b == doctest::Approx(-3.0));
  CHECK(fit->a == doctest::Approx(43.0));
  CHECK(fit->r_squared == doctest::Approx(1.0));
}

TEST_CASE("too few samples, or no spread in costs or ratings, are refused with a sentence") {
  std::string error;
  CHECK_FALSE(fit_rating_to_cost({{30, 1}, {28, 2}, {27, 3}, {24, 4}}, error).has_value());
  CHECK(error == "4 samples (a person's mean cost in one game each); the fit needs at least 5");
  error.clear();
  CHECK_FALSE(fit_rating_to_cost({{30, 2}, {28, 2}, {27, 2}, {24, 2}, {21, 2}}, error).has_value());
  CHECK(error == "the 5 samples' costs are all alike: no slope to fit");
  error.clear();
  // A new site: everyone still at a newcomer's 25.
  CHECK_FALSE(fit_rating_to_cost({{25, 1}, {25, 2}, {25, 3}, {25, 4}, {25, 5}}, error).has_value());
  CHECK(error == "the 5 samples' ratings are all alike: no slope to fit");
}

}  // namespace
}  // namespace sp::ratings
