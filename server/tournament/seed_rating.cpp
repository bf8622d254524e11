#include "server/tournament/seed_rating.hpp"

#include <cmath>

#include "server/ratings/plackett_luce.hpp"

namespace sp::server {

double seed_rating(Records& db, std::int64_t user_id, int table_players) {
  const auto rating = db.rating_of(user_id, pool_for(table_players, false));
  const double shown = ratings::conservative(rating ? ratings::Rating{rating->mu, rating->sigma} : ratings::newcomer());
  return std::round(shown * 100.0) / 100.0;
}

}  // namespace sp::server
