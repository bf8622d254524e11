// Ratings by finishing place: the Plackett-Luce model of Weng and Lin's
// Bayesian approximation method (R. C. Weng and C.-J. Lin, "A Bayesian
// Approximation Method for Online Ranking", Journal of Machine Learning
// Research 12 (2011) 267-300, Algorithm 4 with one player per team), the
// model OpenSkill also uses. docs/ratings.md explains it to a player.
//
// Pure arithmetic: no I/O, no clock, nothing of the server (check_layering.sh
// holds this), so it can be checked against numbers worked out by hand
// (tests/ratings/plackett_luce_check.py) and replayed over stored games.
#pragma once

#include <vector>

namespace sp::ratings {

// A player's skill as a normal belief: mean `mu`, standard deviation `sigma`.
struct Rating {
  double mu = 0;
  double sigma = 0;
  friend bool operator==(const Rating&, const Rating&) = default;
};

// The paper's constants as OpenSkill chose them (section 5 of the paper uses
// the same scale as TrueSkill): a newcomer is 25 +- 25/3; beta, the spread of
// one game's performance, is half the newcomer's sigma; kappa keeps a sigma
// from shrinking to nothing after a very expected result.
struct Model {
  double mu = 25.0;
  double sigma = 25.0 / 3.0;
  double beta = 25.0 / 6.0;
  double kappa = 0.0001;
};

inline constexpr Model kModel{};

inline Rating newcomer(const Model& model = kModel) { return Rating{model.mu, model.sigma}; }

// The rating shown to players: mean minus three standard deviations, a value
// the player's skill is above with about 99.9% belief. A newcomer shows 0 and
// climbs as games make the system surer, so nobody ranks high by luck.
inline double conservative(const Rating& rating) { return rating.mu - 3.0 * rating.sigma; }

// One finished game: each player's rating before it and their place (1 is
// the winner; players tied share a place, as the engine gives them).
struct Standing {
  Rating before;
  int place = 1;
};

// The ratings after the game, in the order of `standings`. The result for a
// player depends only on the multiset of (rating, place), never on the order
// the players are given in. Fewer than two players: returned unchanged.
std::vector<Rating> rate(const std::vector<Standing>& standings, const Model& model = kModel);

}  // namespace sp::ratings
