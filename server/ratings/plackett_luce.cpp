#include "server/ratings/plackett_luce.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace sp::ratings {

// Algorithm 4 of Weng and Lin (2011), one player per team, with the paper's
// treatment of ties: players sharing a place are one group; A_q counts the
// players tied with q and each term of q is divided by it, and C_q sums over
// everyone who did not finish ahead of q (the tied included).
//   c      = sqrt(sum_i (sigma_i^2 + beta^2))
//   C_q    = sum over s with place(s) >= place(q) of exp(mu_s / c)
//   Omega_i = sigma_i^2 / c * sum over q with place(q) <= place(i) of
//             ([q == i] - exp(mu_i / c) / C_q) / A_q
//   Delta_i = gamma_i * sigma_i^2 / c^2 * sum over the same q of
//             (exp(mu_i / c) / C_q) (1 - exp(mu_i / c) / C_q) / A_q,
//             with gamma_i = sigma_i / c (the paper's suggested choice)
//   mu_i'   = mu_i + Omega_i,  sigma_i' = sigma_i sqrt(max(1 - Delta_i, kappa))
std::vector<Rating> rate(const std::vector<Standing>& standings, const Model& model) {
  std::vector<Rating> after;
  after.reserve(standings.size());
  for (const Standing& s : standings) after.push_back(s.before);
  const std::size_t n = standings.size();
  if (n < 2) return after;

  double sum_variance = 0;
  for (const Standing& s : standings) sum_variance += s.before.sigma * s.before.sigma + model.beta * model.beta;
  const double c = std::sqrt(sum_variance);

  // exp(mu/c) can overflow for far-apart ratings only at absurd mu; shifting
  // every exponent by the largest mu changes none of the ratios below.
  double top_mu = standings.front().before.mu;
  for (const Standing& s : standings) top_mu = std::max(top_mu, s.before.mu);
  std::vector<double> strength(n);
  for (std::size_t i = 0; i < n; ++i) strength[i] = std::exp((standings[i].before.mu - top_mu) / c);

  std::vector<double> not_ahead_sum(n, 0.0);  // C_q
  std::vector<int> tied(n, 0);                // A_q
  for (std::size_t q = 0; q < n; ++q) {
    for (std::size_t s = 0; s < n; ++s) {
      if (standings[s].place >= standings[q].place) not_ahead_sum[q] += strength[s];
      if (standings[s].place == standings[q].place) ++tied[q];
    }
  }

  for (std::size_t i = 0; i < n; ++i) {
    double omega = 0;
    double delta = 0;
    for (std::size_t q = 0; q < n; ++q) {
      if (standings[q].place > standings[i].place) continue;
      const double share = strength[i] / not_ahead_sum[q];
      omega += ((q == i ? 1.0 : 0.0) - share) / tied[q];
      delta += share * (1.0 - share) / tied[q];
    }
    const double variance = standings[i].before.sigma * standings[i].before.sigma;
    const double gamma = standings[i].before.sigma / c;
    omega *= variance / c;
    delta *= gamma * variance / (c * c);
    after[i].mu = standings[i].before.mu + omega;
    after[i].sigma = standings[i].before.sigma * std::sqrt(std::max(1.0 - delta, model.kappa));
  }
  return after;
}

}  // namespace sp::ratings
