#include "server/admin/ratings_check.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstddef>
#include <map>
#include <optional>

#include <nlohmann/json.hpp>

#include "server/table/game_results.hpp"
#include "server/table/log_replay.hpp"

namespace sp::server {
namespace {

// The same arithmetic in the same order gives the same doubles; the margin
// only allows for a database that stores REALs less exactly.
bool same(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(a)); }

std::string where(const GameResultRecord& r) {
  return "table " + std::to_string(r.table_id) + " seat " + std::to_string(r.seat) + ": ";
}

// Each finished game's places as its log replays.
std::map<std::int64_t, std::vector<int>> replayed_places(Records& db, std::vector<std::string>& problems) {
  std::map<std::int64_t, std::vector<int>> places;
  db.each_started_game(std::nullopt, [&](const TableRecord& table, const std::vector<MoveRecord>& moves) {
    if (table.status != TableStatus::kFinished) return;
    LogReplay replay(table);
    for (const MoveRecord& move : moves) {
      if (!replay.apply(move, true, nullptr)) break;
    }
    if (!replay.ok() || !replay.state().is_finished()) {
      problems.push_back("table " + std::to_string(table.id) + ": its log does not replay to a finished game");
      return;
    }
    std::vector<int>& seats = places[table.id];
    for (int s = 0; s < table.player_count; ++s) {
      seats.push_back(replay.state().final_scores[static_cast<std::size_t>(s)].place);
    }
  });
  return places;
}

using Book = std::map<std::pair<std::int64_t, RatingPool>, RatingRecord>;

// The levels' starting points placed from people's history (spb admin
// calibrate-robots --from-history --apply, docs/ratings.md): written only
// while the level's account had no rated game in the pool, so its first
// game there entered from that point, not as a newcomer. The latest wins.
Book starting_points(Records& db) {
  Book book;
  const std::vector<AdminAction> log = db.list_admin_actions(std::nullopt, INT_MAX);
  for (auto act = log.rbegin(); act != log.rend(); ++act) {
    if (act->request != "calibrate-robots" || !act->user_id) continue;
    const auto args = nlohmann::json::parse(act->arguments_json, nullptr, false);
    if (!args.is_object() || !args.value("from_history", false)) continue;
    const auto pool = parse_rating_pool(args.value("pool", ""));
    if (!pool) continue;
    book[{*act->user_id, *pool}] = RatingRecord{args.value("mu", 0.0), args.value("sigma", 0.0), 0};
  }
  return book;
}

}  // namespace

RatingsCheck check_ratings(Records& db) {
  RatingsCheck check;
  const auto places = replayed_places(db, check.problems);
  Book book = starting_points(db);
  const CurrentRating current = [&book](std::int64_t user_id, RatingPool pool) -> std::optional<RatingRecord> {
    const auto found = book.find({user_id, pool});
    if (found == book.end()) return std::nullopt;
    return found->second;
  };
  const std::vector<GameResultRecord> all = db.all_game_results();
  for (std::size_t first = 0; first < all.size();) {
    std::size_t end = first;
    while (end < all.size() && all[end].table_id == all[first].table_id) ++end;
    const std::vector<GameResultRecord> stored(all.begin() + static_cast<std::ptrdiff_t>(first),
                                               all.begin() + static_cast<std::ptrdiff_t>(end));
    first = end;
    ++check.games;
    const std::int64_t table = stored.front().table_id;
    const auto replayed = places.find(table);
    // Whether a bot sat is the game's fact as it was rated: an account
    // flagged later leaves its earlier games in people's pools.
    FinishedGame game{stored.front().players, {}, stored.front().pool && is_bot_pool(*stored.front().pool)};
    for (const GameResultRecord& r : stored) {
      int place = r.place;
      if (replayed != places.end() && static_cast<std::size_t>(r.seat) < replayed->second.size()) {
        place = replayed->second[static_cast<std::size_t>(r.seat)];
        if (place != r.place) {
          check.problems.push_back(where(r) + "stored place " + std::to_string(r.place) + ", the log's " +
                                   std::to_string(place));
        }
      } else {
        check.problems.push_back(where(r) + "no finished game replays for this result");
      }
      game.seats.push_back(FinishedSeat{r.seat, r.user_id, r.robot, place, r.abandoned, r.robot_level,
                                        r.points.value_or(0), r.rubles.value_or(0)});
    }
    std::vector<GameResultRecord> again = stored;
    choose_rated(game, db.table_terms(table).rated, again);
    for (const NewRating& kept : rate_results(again, current)) book[{kept.user_id, kept.pool}] = kept.rating;
    if (again.front().pool) ++check.rated;
    for (std::size_t i = 0; i < stored.size(); ++i) {
      const GameResultRecord& was = stored[i];
      const GameResultRecord& is = again[i];
      if (was.pool != is.pool || (is.pool && was.rated_place != is.rated_place)) {
        check.problems.push_back(where(was) + "rated as " + (was.pool ? std::string(to_string(*was.pool)) : "unrated") +
                                 " place " + std::to_string(was.rated_place) + ", computed " +
                                 (is.pool ? std::string(to_string(*is.pool)) : "unrated") + " place " +
                                 std::to_string(is.rated_place));
        continue;
      }
      if (is.pool && !(same(was.mu_before, is.mu_before) && same(was.sigma_before, is.sigma_before) &&
                       same(was.mu_after, is.mu_after) && same(was.sigma_after, is.sigma_after))) {
        check.problems.push_back(where(was) + "stored rating " + std::to_string(was.mu_before) + "/" +
                                 std::to_string(was.sigma_before) + " -> " + std::to_string(was.mu_after) + "/" +
                                 std::to_string(was.sigma_after) + ", computed " + std::to_string(is.mu_before) + "/" +
                                 std::to_string(is.sigma_before) + " -> " + std::to_string(is.mu_after) + "/" +
                                 std::to_string(is.sigma_after));
      }
    }
  }
  for (const auto& [key, computed] : book) {
    const auto stored = db.rating_of(key.first, key.second);
    if (!stored || !same(stored->mu, computed.mu) || !same(stored->sigma, computed.sigma) ||
        stored->games != computed.games) {
      check.problems.push_back("user " + std::to_string(key.first) + " " + std::string(to_string(key.second)) +
                               ": the stored rating is not the one its games give");
    }
  }
  return check;
}

}  // namespace sp::server
