#include "server/cli/history_calibration.hpp"

#include <algorithm>
#include <cstdio>
#include <map>

#include <nlohmann/json.hpp>

#include "server/ratings/plackett_luce.hpp"

namespace sp::cli {
namespace {

using server::GameResultRecord;
using server::Records;
using server::RatingPool;

// The site's levels, placed.
const std::vector<engine::RobotLevel> kLevels{engine::RobotLevel::kWorth, engine::RobotLevel::kQuickSearch,
                                              engine::RobotLevel::kDeepSearch};

// A finished game rated in a people's pool, with its people's seats and their ratings before it.
struct HistoryGame {
  RatingPool pool = RatingPool::kTwoPlayer;
  std::vector<int> people;
  std::vector<double> ratings;  // mu before the game, a person's seat each
  server::TableRecord table;
  std::vector<server::MoveRecord> moves;
};

// The games to judge, oldest first: the latest `max_games` finished games
// rated in people's pools (never a bots' pool) where a person sat.
std::vector<HistoryGame> read_history(Records& db, const std::optional<std::uint64_t>& max_games) {
  std::vector<HistoryGame> games;
  std::vector<std::int64_t> tables;
  const std::vector<GameResultRecord> all = db.all_game_results();
  for (std::size_t first = 0; first < all.size();) {
    std::size_t end = first;
    while (end < all.size() && all[end].table_id == all[first].table_id) ++end;
    const GameResultRecord& front = all[first];
    if (front.pool && !server::is_bot_pool(*front.pool)) {
      HistoryGame game;
      game.pool = *front.pool;
      for (std::size_t i = first; i < end; ++i) {
        if (all[i].robot) continue;  // a robot's seat from the start: no person's decisions
        game.people.push_back(all[i].seat);
        game.ratings.push_back(all[i].mu_before);
      }
      if (!game.people.empty()) {
        games.push_back(std::move(game));
        tables.push_back(front.table_id);
      }
    }
    first = end;
  }
  if (max_games && games.size() > *max_games) {
    const auto drop = static_cast<std::ptrdiff_t>(games.size() - *max_games);
    games.erase(games.begin(), games.begin() + drop);
    tables.erase(tables.begin(), tables.begin() + drop);
  }
  for (std::size_t g = 0; g < games.size(); ++g) {
    db.each_started_game(tables[g],
                         [&](const server::TableRecord& table, const std::vector<server::MoveRecord>& moves) {
                           games[g].table = table;
                           games[g].moves = moves;
                         });
  }
  return games;
}

// A level's starting sigma: the people's spread about the line, as sure as
// the fit is and no surer than a third of a newcomer's (about where 300
// calibration games leave a level, docs/ratings.md), nor less sure than a
// newcomer.
double starting_sigma(const ratings::RatingFit& fit) {
  const double newcomer = ratings::newcomer().sigma;
  return std::clamp(fit.residual_sd, newcomer / 3.0, newcomer);
}

void apply_pool(Records& db, PoolPlacement& pool, std::int64_t now) {
  for (LevelPlacement& level : pool.levels) {
    const std::int64_t account = db.robot_level_user(level.level);
    const auto current = db.rating_of(account, pool.pool);
    if (current && current->games > 0) {
      char left[120];
      std::snprintf(left, sizeof left, "left at mu %.2f: %d rated %s here already %s an extrapolation",
                    current->mu, current->games, current->games == 1 ? "game" : "games",
                    current->games == 1 ? "beats" : "beat");
      level.applied = left;
      continue;
    }
    const double sigma = starting_sigma(*pool.fit);
    db.save_rating(account, pool.pool, server::RatingRecord{level.placed, sigma, 0});
    server::AdminAction act;
    act.at = now;
    act.who = "command line";
    act.request = "calibrate-robots";
    act.user_id = account;
    act.arguments_json = nlohmann::json{{"from_history", true},
                                        {"pool", std::string(server::to_string(pool.pool))},
                                        {"level", static_cast<int>(level.level)},
                                        {"mu", level.placed},
                                        {"sigma", sigma},
                                        {"samples", pool.fit->samples},
                                        {"a", pool.fit->a},
                                        {"b", pool.fit->b},
                                        {"positions", level.positions},
                                        {"mean_cost", level.mean_cost}}
                             .dump();
    db.log_admin_action(act);
    level.applied = "starts at this rating";
  }
}

}  // namespace

std::optional<HistoryPlan> history_plan(const Flags& flags, std::string& error) {
  HistoryPlan plan;
  for (const char* robots_only : {"games", "players", "seed", "expansions"}) {
    if (flags.get(robots_only)) {
      error = std::string("--") + robots_only + " is for the levels' games against each other, not --from-history";
      return std::nullopt;
    }
  }
  if (flags.get("max-games")) {
    const auto max_games = flags.number("max-games", 0, 1, 100000000, error);
    if (!max_games) return std::nullopt;
    plan.max_games = *max_games;
  }
  const auto positions = flags.number("positions", plan.judging.positions, 1, 1000, error);
  const auto deals = flags.number("deals", static_cast<std::uint64_t>(plan.judging.deals), 1, 10000, error);
  if (!positions || !deals) return std::nullopt;
  plan.judging.positions = static_cast<std::size_t>(*positions);
  plan.judging.deals = static_cast<int>(*deals);
  plan.judging.levels = kLevels;
  return plan;
}

std::optional<std::vector<PoolPlacement>> calibrate_from_history(server::Store& store, const HistoryPlan& plan,
                                                                 std::string& error) {
  std::vector<HistoryGame> games;
  store.run_sync([&](Records& db) { games = read_history(db, plan.max_games); });
  // Judged away from the database: a game's positions take seconds.
  std::map<RatingPool, PoolPlacement> pools;
  std::map<RatingPool, std::vector<double>> level_costs;
  for (const HistoryGame& game : games) {
    const auto costs = server::judge_game(game.table, game.moves, game.people, plan.judging, error);
    if (!costs) return std::nullopt;
    PoolPlacement& pool = pools[game.pool];
    pool.pool = game.pool;
    ++pool.games;
    std::vector<double>& levels = level_costs[game.pool];
    levels.resize(plan.judging.levels.size(), 0.0);
    for (const server::SeatCosts& seat : *costs) {
      const auto person = static_cast<std::size_t>(
          std::find(game.people.begin(), game.people.end(), seat.seat) - game.people.begin());
      pool.samples.push_back(ratings::CostSample{game.ratings[person], seat.person_cost / seat.positions});
      pool.positions += seat.positions;
      for (std::size_t l = 0; l < levels.size(); ++l) levels[l] += seat.level_costs[l];
    }
  }
  std::vector<PoolPlacement> placed;
  for (auto& [id, pool] : pools) {
    std::string refusal;
    pool.fit = ratings::fit_rating_to_cost(pool.samples, refusal);
    pool.refusal = refusal;
    if (pool.fit && pool.positions > 0) {
      for (std::size_t l = 0; l < plan.judging.levels.size(); ++l) {
        LevelPlacement level;
        level.level = plan.judging.levels[l];
        level.positions = pool.positions;
        level.mean_cost = level_costs[id][l] / pool.positions;
        level.placed = pool.fit->rating_at(level.mean_cost);
        pool.levels.push_back(level);
      }
    }
    placed.push_back(std::move(pool));
  }
  return placed;
}

void apply_placements(server::Store& store, std::vector<PoolPlacement>& pools, const server::Clock& clock) {
  const std::int64_t now = clock.now();
  store.run_sync([&](Records& db) {
    for (PoolPlacement& pool : pools) {
      if (!pool.fit) continue;
      if (pool.fit->b >= 0) {
        for (LevelPlacement& level : pool.levels) {
          level.applied = "not applied: in this pool's fit higher-rated people do not play better";
        }
        continue;
      }
      apply_pool(db, pool, now);
    }
  });
}

}  // namespace sp::cli
