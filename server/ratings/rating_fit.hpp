// A straight line from people's mean cost per decision to their rating
// (docs/ratings.md "Calibrating the robot levels"): least squares over one
// sample per person per game, so that a robot level's cost on the same
// positions reads as a rating. Pure arithmetic.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace sp::ratings {

// One person in one game: the rating before it and the mean cost of their
// own decisions there (points, best value less chosen).
struct CostSample {
  double rating = 0;
  double cost = 0;
};

// rating = a + b * cost.
struct RatingFit {
  int samples = 0;
  double a = 0;
  double b = 0;
  double r_squared = 0;
  // The spread of the ratings about the line (sample standard deviation,
  // n - 2 degrees of freedom): how far a person at a given cost may sit from it.
  double residual_sd = 0;
  double rating_at(double cost) const { return a + b * cost; }
};

// Fewer samples than this are refused: a line fits any two points exactly,
// and with a handful one odd game alone can turn the slope's sign.
inline constexpr int kMinFitSamples = 5;

// The least-squares line, or nothing with `error` saying why: too few
// samples, or costs or ratings with no spread (all alike: no slope to find).
std::optional<RatingFit> fit_rating_to_cost(const std::vector<CostSample>& samples, std::string& error);

}  // namespace sp::ratings
