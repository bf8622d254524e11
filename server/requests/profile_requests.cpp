// A player's profile (docs/ratings.md): ratings in both pools, the rated
// games' history, games played and finished, timeout rate, time per move.
#include <cmath>

#include "server/ratings/plackett_luce.hpp"
#include "server/requests/player_standing.hpp"
#include "server/requests/request.hpp"

namespace sp::server {

using protocol::ErrorCode;
namespace {

using nlohmann::json;
namespace client = protocol::client;

// Enough for a chart of years of play; older games still count in the totals.
constexpr int kHistoryLimit = 500;

json rating_json(const std::optional<RatingRecord>& rating) {
  const RatingRecord r = rating.value_or(RatingRecord{ratings::kModel.mu, ratings::kModel.sigma, 0});
  return json{{"rating", displayed_rating(rating)}, {"mu", r.mu}, {"sigma", r.sigma}, {"games", r.games}};
}

double shown(double mu, double sigma) { return displayed_rating(RatingRecord{mu, sigma, 0}); }

void on_profile(const Request& r, const client::Profile& profile) {
  store_job(r, [name = profile.name](Records& db) {
    const auto user = db.find_user_by_name(name);
    if (!user) return Reply::error(ErrorCode::kNoSuchUser, "There is no player called " + name + ".");
    const PlayerTotals totals = db.player_totals(user->id);
    json history = json::array();
    for (const GameResultRecord& g : db.game_results_of(user->id, kHistoryLimit)) {
      if (!g.pool) continue;
      history.push_back(json{{"table", g.table_id},
                             {"table_name", g.table_name},
                             {"finished_at", g.finished_at},
                             {"pool", to_string(*g.pool)},
                             {"players", g.players},
                             {"place", g.place},
                             {"abandoned", g.abandoned},
                             {"before", shown(g.mu_before, g.sigma_before)},
                             {"after", shown(g.mu_after, g.sigma_after)}});
    }
    const auto rate = timeout_rate(totals);
    json average = nullptr;
    if (totals.timed_moves > 0) {
      average = std::round(static_cast<double>(totals.think_seconds) / static_cast<double>(totals.timed_moves) * 10.0) / 10.0;
    }
    return json_result(json{
        {"name", user->name},
        {"ratings", json{{"two_player", rating_json(db.rating_of(user->id, RatingPool::kTwoPlayer))},
                         {"multiplayer", rating_json(db.rating_of(user->id, RatingPool::kMultiplayer))}}},
        {"games_played", totals.games_played},
        {"games_finished", totals.games_finished},
        {"games_abandoned", totals.games_abandoned},
        {"moves_due", totals.moves_due},
        {"timeouts", totals.timeouts},
        {"timeout_rate", rate ? json(*rate) : json(nullptr)},
        {"average_move_seconds", average},
        {"history", history}});
  });
}

}  // namespace

void add_profile_requests(Routes& routes) { routes.add<client::Profile, on_profile>(Access::kAnyone); }

}  // namespace sp::server
