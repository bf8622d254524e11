#include "server/requests/player_standing.hpp"

#include <cmath>
#include <sstream>

#include "server/ratings/plackett_luce.hpp"

namespace sp::server {
namespace {

// Plus zero: a newcomer's 25 - 3 * 25/3 rounds to -0, which would read "-0".
double hundredths(double value) { return std::round(value * 100.0) / 100.0 + 0.0; }

std::string shown(double value) {
  std::ostringstream out;
  out.precision(2);
  out << std::fixed << value;
  return out.str();
}

std::string pool_words(RatingPool pool) {
  switch (pool) {
    case RatingPool::kTwoPlayer: return "two-player games";
    case RatingPool::kMultiplayer: return "games of three to five";
    case RatingPool::kBotTwoPlayer: return "two-player games with bots";
    case RatingPool::kBotMultiplayer: return "games of three to five with bots";
  }
  return "games";
}

}  // namespace

double displayed_rating(const std::optional<RatingRecord>& rating) {
  const ratings::Rating r = rating ? ratings::Rating{rating->mu, rating->sigma} : ratings::newcomer();
  return hundredths(ratings::conservative(r));
}

std::optional<double> timeout_rate(const PlayerTotals& totals) {
  if (totals.moves_due == 0) return std::nullopt;
  return std::round(static_cast<double>(totals.timeouts) / static_cast<double>(totals.moves_due) * 10000.0) / 10000.0;
}

protocol::PlayerStanding standing_of(Records& db, std::int64_t user_id, RatingPool pool) {
  const auto rating = db.rating_of(user_id, pool);
  return protocol::PlayerStanding{displayed_rating(rating), rating ? rating->games : 0,
                                  timeout_rate(db.player_totals(user_id))};
}

protocol::TableTermsShown terms_shown(const TableTerms& terms) {
  return protocol::TableTermsShown{terms.rated, terms.min_rating, terms.max_timeout_rate, terms.bots_allowed};
}

std::optional<Reply> refusal_by_terms(Records& db, const TableTerms& terms, std::int64_t user_id, RatingPool pool,
                                      std::string_view asker) {
  if (terms.min_rating) {
    const double rating = displayed_rating(db.rating_of(user_id, pool));
    if (rating < *terms.min_rating) {
      return Reply::error(protocol::ErrorCode::kRatingTooLow,
                          std::string(asker) + " asks for a rating of at least " + shown(*terms.min_rating) + " in " +
                              pool_words(pool) + "; yours is " + shown(rating) + ".");
    }
  }
  if (terms.max_timeout_rate) {
    const double rate = timeout_rate(db.player_totals(user_id)).value_or(0.0);
    if (rate > *terms.max_timeout_rate) {
      return Reply::error(protocol::ErrorCode::kTimeoutRateTooHigh,
                          std::string(asker) + " asks for a timeout rate of at most " + shown(*terms.max_timeout_rate * 100) +
                              "%; yours is " + shown(rate * 100) + "%.");
    }
  }
  return std::nullopt;
}

}  // namespace sp::server
