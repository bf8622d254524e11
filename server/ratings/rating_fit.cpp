#include "server/ratings/rating_fit.hpp"

#include <cmath>

namespace sp::ratings {

std::optional<RatingFit> fit_rating_to_cost(const std::vector<CostSample>& samples, std::string& error) {
  const auto n = static_cast<int>(samples.size());
  if (n < kMinFitSamples) {
    error = std::to_string(n) + " samples (a person's mean cost in one game each); the fit needs at least " +
            std::to_string(kMinFitSamples);
    return std::nullopt;
  }
  double mean_cost = 0;
  double mean_rating = 0;
  for (const CostSample& s : samples) {
    mean_cost += s.cost;
    mean_rating += s.rating;
  }
  mean_cost /= n;
  mean_rating /= n;
  double sxx = 0;
  double sxy = 0;
  double syy = 0;
  for (const CostSample& s : samples) {
    sxx += (s.cost - mean_cost) * (s.cost - mean_cost);
    sxy += (s.cost - mean_cost) * (s.rating - mean_rating);
    syy += (s.rating - mean_rating) * (s.rating - mean_rating);
  }
  // Relative to the values' size, so that rounding alone is no spread.
  constexpr double kNoSpread = 1e-12;
  if (sxx <= kNoSpread * n * (1.0 + mean_cost * mean_cost)) {
    error = "the " + std::to_string(n) + " samples' costs are all alike: no slope to fit";
    return std::nullopt;
  }
  if (syy <= kNoSpread * n * (1.0 + mean_rating * mean_rating)) {
    error = "the " + std::to_string(n) + " samples' ratings are all alike: no slope to fit";
    return std::nullopt;
  }
  RatingFit fit;
  fit.samples = n;
  fit.b = sxy / sxx;
  fit.a = mean_rating - fit.b * mean_cost;
  double residual = 0;
  for (const CostSample& s : samples) {
    const double off = s.rating - fit.rating_at(s.cost);
    residual += off * off;
  }
  fit.r_squared = 1.0 - residual / syy;
  fit.residual_sd = std::sqrt(residual / (n - 2));
  return fit;
}

}  // namespace sp::ratings
