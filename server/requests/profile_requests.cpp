// A player's profile (docs/ratings.md): ratings in both pools, the rated
// games' history, games played and finished, timeout rate, time per move.
#include <cmath>

#include "protocol/profile_results.hpp"

#include "server/ratings/plackett_luce.hpp"
#include "server/requests/account_data.hpp"
#include "server/requests/player_standing.hpp"
#include "server/requests/request.hpp"

namespace sp::server {

using protocol::ErrorCode;
namespace {

namespace client = protocol::client;

// Enough for a chart of years of play; older games still count in the totals.
constexpr int kHistoryLimit = 500;

protocol::RatingShown rating_shown(const std::optional<RatingRecord>& rating) {
  const RatingRecord r = rating.value_or(RatingRecord{ratings::kModel.mu, ratings::kModel.sigma, 0});
  return protocol::RatingShown{displayed_rating(rating), r.mu, r.sigma, r.games};
}

double shown(double mu, double sigma) { return displayed_rating(RatingRecord{mu, sigma, 0}); }

void on_profile(const Request& r, const client::Profile& profile) {
  store_job(r, [name = profile.name](Records& db) {
    const auto user = db.find_user_by_name(name);
    if (!user) return Reply::error(ErrorCode::kNoSuchUser, "There is no player called " + name + ".");
    return Reply::result(protocol::encode_data(profile_of(db, *user)));
  });
}

}  // namespace

protocol::Profile profile_of(Records& db, const UserRecord& user) {
  const PlayerTotals totals = db.player_totals(user.id);
  protocol::Profile shown_profile;
  shown_profile.name = user.name;
  shown_profile.two_player = rating_shown(db.rating_of(user.id, RatingPool::kTwoPlayer));
  shown_profile.multiplayer = rating_shown(db.rating_of(user.id, RatingPool::kMultiplayer));
  shown_profile.bot = user.bot;
  const auto bot_pool = [&](RatingPool pool) -> std::optional<protocol::RatingShown> {
    const auto rating = db.rating_of(user.id, pool);
    if (!rating && !user.bot) return std::nullopt;
    return rating_shown(rating);
  };
  shown_profile.bot_two_player = bot_pool(RatingPool::kBotTwoPlayer);
  shown_profile.bot_multiplayer = bot_pool(RatingPool::kBotMultiplayer);
  shown_profile.games_played = totals.games_played;
  shown_profile.games_finished = totals.games_finished;
  shown_profile.games_abandoned = totals.games_abandoned;
  shown_profile.moves_due = totals.moves_due;
  shown_profile.timeouts = totals.timeouts;
  shown_profile.timeout_rate = timeout_rate(totals);
  if (totals.timed_moves > 0) {
    shown_profile.average_move_seconds =
        std::round(static_cast<double>(totals.think_seconds) / static_cast<double>(totals.timed_moves) * 10.0) / 10.0;
  }
  for (const GameResultRecord& g : db.game_results_of(user.id, kHistoryLimit)) {
    if (!g.pool) continue;
    shown_profile.history.push_back(protocol::RatedGame{g.table_id, g.table_name, g.finished_at,
                                                        std::string(to_string(*g.pool)), g.players, g.place,
                                                        g.abandoned, shown(g.mu_before, g.sigma_before),
                                                        shown(g.mu_after, g.sigma_after)});
  }
  return shown_profile;
}

void add_profile_requests(Routes& routes) { routes.add<client::Profile, on_profile>(Access::kAnyone); }

}  // namespace sp::server
