#include "server/cli/robot_calibration.hpp"

#include <nlohmann/json.hpp>

#include "engine/replay.hpp"
#include "engine/rules.hpp"
#include "engine/setup.hpp"
#include "engine/state_hash.hpp"
#include "protocol/log_entry_text.hpp"
#include "protocol/stored_text.hpp"
#include "server/cli/robot_match.hpp"
#include "server/cli/table_options.hpp"
#include "server/store/snapshot.hpp"
#include "server/table/seat_control.hpp"
#include "server/table/table_aftermath.hpp"
#include "server/table/table_registry.hpp"

namespace sp::cli {
namespace {

using server::Records;
using server::TableRecord;

constexpr int kLevels = 3;                     // the site's levels, 1 to 3
constexpr std::uint64_t kMaxActions = 100000;  // a game longer than this is a bug

// Plays game `game` of the plan, away from the database: a search takes
// seconds, and a store job holds the database's write lock while it runs.
std::optional<PlayedGame> play_plan_game(const CalibrationPlan& plan, std::uint64_t game, std::int64_t now,
                                         std::string& error) {
  RobotMatchPlan turns;
  turns.players = plan.players;
  turns.seed = plan.seed;
  turns.rotate = true;
  auto played = play_levels_game(
      "Robot calibration " + std::to_string(game + 1) + " of " + std::to_string(plan.games), plan.expansions,
      match_game(turns, game).deal_seed, calibration_levels(plan, game), server::Actor::kRobot, now, error);
  if (!played) error = "game " + std::to_string(game + 1) + ": " + error;
  return played;
}

}  // namespace

std::optional<PlayedGame> play_levels_game(const std::string& name, const engine::Expansions& expansions,
                                           std::uint64_t deal_seed, const std::vector<engine::RobotLevel>& levels,
                                           server::Actor actor, std::int64_t now, std::string& error) {
  PlayedGame played;
  played.levels = levels;
  TableRecord& table = played.table;
  table.name = name;
  table.status = server::TableStatus::kOpen;
  table.player_count = static_cast<int>(levels.size());
  engine::TableOptions options;
  options.expansions = expansions;
  table.options_json = protocol::stored_options_text(options);
  table.card_set_version = std::string(engine::card_set_version());
  table.seed = deal_seed;
  auto state = engine::new_game(server::setup_of(table));
  if (!state) {
    error = state.error().message;
    return std::nullopt;
  }
  played.start_hash = engine::state_hash_hex(*state);
  const std::uint64_t robots_seed = server::robots_seed_of(table);
  for (std::int64_t number = 1; !state->is_finished(); ++number) {
    if (static_cast<std::uint64_t>(number) > kMaxActions) {
      error = "the game did not end";
      return std::nullopt;
    }
    const engine::Seat seat = state->current;
    const engine::Action action = server::robot_action(*state, seat, played.levels[seat.value], robots_seed, number);
    if (!engine::apply_in_place(*state, seat, action, nullptr).has_value()) {
      error = "a robot chose an illegal action";
      return std::nullopt;
    }
    played.moves.push_back(server::MoveRecord{
        number, seat.value,
        protocol::encode_log_entry_text(engine::LoggedAction{seat, action, engine::LogKind::kAction}),
        engine::state_hash_hex(*state), now, actor});
  }
  played.end = std::move(*state);
  return played;
}

std::int64_t store_played_game(Records& db, PlayedGame played, const std::vector<std::int64_t>& users, bool robots,
                               std::int64_t now) {
  TableRecord& table = played.table;
  const int players = table.player_count;
  table.creator_id = users.front();
  table.id = db.insert_table(table, now);
  for (int seat = 0; seat < players; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    db.insert_seat(table.id, seat, users[s]);
    if (robots) db.update_seat_control(table.id, seat, server::SeatController::kRobot, 0, played.levels[s]);
  }
  db.set_table_terms(table.id, server::TableTerms{true, std::nullopt, std::nullopt, false});
  db.start_table(table.id, table.seed, played.start_hash, now);
  for (const server::MoveRecord& move : played.moves) {
    const bool last = move.move_number == played.moves.back().move_number;
    db.append_move(table.id, move, last ? server::TableStatus::kFinished : server::TableStatus::kPlaying);
  }
  // A table keeps only its latest snapshot (snapshot.hpp).
  db.replace_snapshot(table.id,
                      server::SnapshotRecord{played.moves.back().move_number, server::encode_snapshot(played.end)});
  server::Aftermath end;
  end.deadline = server::Aftermath::Deadline::kClear;
  server::FinishedGame finished{players, {}};
  for (int seat = 0; seat < players; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    finished.seats.push_back(server::FinishedSeat{seat, users[s], robots, played.end.final_scores[s].place, false,
                                                  robots ? std::optional(played.levels[s]) : std::nullopt,
                                                  played.end.final_scores[s].total, played.end.players[s].rubles});
  }
  end.finished = std::move(finished);
  server::write_aftermath(db, table.id, std::nullopt, end, now);
  return table.id;
}

std::optional<CalibrationPlan> calibration_plan(const Flags& flags, std::string& error) {
  CalibrationPlan plan;
  if (!flags.get("games")) {
    error = "give --games N";
    return std::nullopt;
  }
  const auto games = flags.number("games", 0, 1, 1000000, error);
  const auto players = flags.number("players", 2, 2, 5, error);
  const auto seed = flags.number("seed", 1, 0, UINT64_MAX, error);
  if (!games || !players || !seed) return std::nullopt;
  plan.games = *games;
  plan.players = static_cast<int>(*players);
  plan.seed = *seed;
  const auto expansions = expansions_for(flags.get("expansions"), plan.players, error);
  if (!expansions) return std::nullopt;
  plan.expansions = *expansions;
  return plan;
}

std::vector<engine::RobotLevel> calibration_levels(const CalibrationPlan& plan, std::uint64_t game) {
  const auto players = static_cast<std::uint64_t>(plan.players);
  const std::uint64_t first = (game / players) % kLevels;
  RobotMatchPlan turns;
  turns.players = plan.players;
  turns.rotate = true;
  const MatchGame match = match_game(turns, game);
  std::vector<engine::RobotLevel> at_seat;
  for (std::size_t seat = 0; seat < players; ++seat) {
    at_seat.push_back(static_cast<engine::RobotLevel>(1 + (first + match.entry_at_seat[seat]) % kLevels));
  }
  return at_seat;
}

std::optional<CalibrationOutcome> calibrate_robots(server::Store& store, const CalibrationPlan& plan,
                                                   const server::Clock& clock, std::string& error) {
  CalibrationOutcome outcome;
  outcome.pool = server::pool_for(plan.players);
  for (std::uint64_t game = 0; game < plan.games; ++game) {
    auto played = play_plan_game(plan, game, clock.now(), error);
    if (!played) return std::nullopt;
    // Timed when stored, not when the command began: `spb admin ratings`
    // rates games in the order they finished, a served game's among them.
    const std::int64_t now = clock.now();
    std::int64_t table = 0;
    store.run_sync([&](Records& db) {
      std::vector<std::int64_t> robots;
      for (int seat = 0; seat < plan.players; ++seat) robots.push_back(db.robot_user(seat));
      table = store_played_game(db, std::move(*played), robots, true, now);
      server::AdminAction act;
      act.at = now;
      act.who = "command line";
      act.request = "calibrate-robots";
      act.table = table;
      act.arguments_json =
          nlohmann::json{{"game", game + 1}, {"games", plan.games}, {"seed", plan.seed}}.dump();
      db.log_admin_action(act);
    });
    outcome.tables.push_back(table);
  }
  store.run_sync([&](Records& db) {
    for (int level = 1; level <= kLevels; ++level) {
      outcome.ratings.push_back(db.rating_of(db.robot_level_user(static_cast<engine::RobotLevel>(level)), outcome.pool));
    }
  });
  return outcome;
}

}  // namespace sp::cli
