#include "server/app/table_registry.hpp"

#include <stdexcept>

#include "engine/rules.hpp"
#include "engine/state_hash.hpp"
#include "protocol/engine_json.hpp"
#include "server/app/table_versions.hpp"
#include "server/store/snapshot.hpp"

namespace sp::server {

engine::GameSetup setup_of(const TableRecord& record) {
  engine::GameSetup setup;
  setup.player_count = record.player_count;
  setup.seed = record.seed;
  const auto options_json = nlohmann::json::parse(record.options_json, nullptr, false);
  const auto options = protocol::decode_options(options_json);
  if (!options) throw std::runtime_error("table " + std::to_string(record.id) + ": " + options.error().message);
  setup.options = *options;
  return setup;
}

namespace {

engine::LoggedAction decode_move(const TableRecord& record, const MoveRecord& move, std::size_t expected_number) {
  const std::string where = "table " + std::to_string(record.id) + " move " + std::to_string(move.move_number);
  if (move.move_number != static_cast<std::int64_t>(expected_number)) throw std::runtime_error(where + ": the log has a gap");
  const auto action = protocol::decode_action(nlohmann::json::parse(move.action_json, nullptr, false));
  if (!action) throw std::runtime_error(where + ": " + action.error().message);
  if (move.seat < 0 || move.seat >= record.player_count) throw std::runtime_error(where + ": no such seat");
  return engine::LoggedAction{engine::Seat{static_cast<std::uint8_t>(move.seat)}, *action};
}

// Applies moves[from..] to `game`, checking each stored hash.
void apply_stored(const TableRecord& record, const std::vector<MoveRecord>& moves, std::size_t from,
                  LoadedGame& game) {
  for (std::size_t i = from; i < moves.size(); ++i) {
    const std::string where = "table " + std::to_string(record.id) + " move " + std::to_string(moves[i].move_number);
    const engine::LoggedAction& logged = game.log[i];
    auto applied = engine::apply_in_place(game.state, logged.seat, logged.action, nullptr);
    if (!applied) throw std::runtime_error(where + " does not replay: " + applied.error().message);
    if (engine::state_hash_hex(game.state) != moves[i].state_hash) {
      throw std::runtime_error(where + ": the replay reaches another state than the stored hash");
    }
  }
}

// The table's row is written with each move: a log that replays but is
// shorter than the row says, or ends on another state, lost moves at its end.
void check_log_complete(const TableRecord& record, const std::vector<MoveRecord>& moves) {
  if (record.move_count != static_cast<std::int64_t>(moves.size()) ||
      (!moves.empty() && record.state_hash != moves.back().state_hash)) {
    throw std::runtime_error("table " + std::to_string(record.id) + ": the table records " +
                             std::to_string(record.move_count) + " moves but its log ends at move " +
                             std::to_string(moves.size()) + " or on another state");
  }
}

LoadedGame decoded_log(const TableRecord& record, const std::vector<MoveRecord>& moves, engine::GameState start) {
  if (const std::string mismatch = version_mismatch(record); !mismatch.empty()) throw std::runtime_error(mismatch);
  LoadedGame game{std::move(start), {}};
  game.log.reserve(moves.size());
  for (const MoveRecord& move : moves) game.log.push_back(decode_move(record, move, game.log.size() + 1));
  return game;
}

engine::GameState initial_state(const TableRecord& record) {
  auto state = engine::new_game(setup_of(record));
  if (!state) throw std::runtime_error("table " + std::to_string(record.id) + ": " + state.error().message);
  return std::move(*state);
}

}  // namespace

LoadedGame replay_stored(const TableRecord& record, const std::vector<MoveRecord>& moves) {
  LoadedGame game = decoded_log(record, moves, initial_state(record));
  apply_stored(record, moves, 0, game);
  check_log_complete(record, moves);
  return game;
}

LoadedGame load_stored(const TableRecord& record, const std::vector<MoveRecord>& moves,
                       const std::optional<SnapshotRecord>& snapshot) {
  if (snapshot && snapshot->move_number >= 1 && snapshot->move_number <= static_cast<std::int64_t>(moves.size())) {
    const auto taken_after = static_cast<std::size_t>(snapshot->move_number);
    if (auto state = decode_snapshot(snapshot->state);
        state && engine::state_hash_hex(*state) == moves[taken_after - 1].state_hash) {
      LoadedGame game = decoded_log(record, moves, *state);
      apply_stored(record, moves, taken_after, game);
      check_log_complete(record, moves);
      return game;
    }
  }
  return replay_stored(record, moves);
}

TableRegistry::TableRegistry(boost::asio::any_io_executor executor, Store& store, Metrics& metrics,
                             Correspondence& correspondence)
    : executor_(std::move(executor)), store_(store), metrics_(metrics), correspondence_(correspondence) {}

std::shared_ptr<Table> TableRegistry::insert(const TableRecord& record, LoadedGame game,
                                             const std::vector<MoveRecord>& moves) {
  std::shared_ptr<Table> added;
  {
    std::lock_guard lock(mutex_);
    auto& slot = tables_[record.id];
    if (slot) return slot;
    std::vector<Actor> actors;
    actors.reserve(moves.size());
    for (const MoveRecord& move : moves) actors.push_back(parse_actor(move.actor));
    slot = std::make_shared<Table>(executor_, store_, metrics_, correspondence_, record, setup_of(record),
                                   std::move(game.state), std::move(game.log), std::move(actors));
    metrics_.tables_active.fetch_add(1, std::memory_order_relaxed);
    added = slot;
  }
  added->start();
  return added;
}

std::shared_ptr<Table> TableRegistry::add_started(const TableRecord& record) {
  auto state = engine::new_game(setup_of(record));
  if (!state) throw std::runtime_error(state.error().message);
  return insert(record, LoadedGame{std::move(*state), {}}, {});
}

void TableRegistry::with_table(std::int64_t id, std::function<void(std::shared_ptr<Table>, std::string)> done) {
  {
    std::lock_guard lock(mutex_);
    if (const auto it = tables_.find(id); it != tables_.end()) {
      auto table = it->second;
      done(std::move(table), {});
      return;
    }
  }
  auto record = std::make_shared<std::optional<TableRecord>>();
  auto moves = std::make_shared<std::vector<MoveRecord>>();
  auto snapshot = std::make_shared<std::optional<SnapshotRecord>>();
  store_.submit(
      [id, record, moves, snapshot](Database& db) {
        *record = load_table(db, id);
        if (*record) {
          *moves = load_moves(db, id);
          *snapshot = load_latest_snapshot(db, id);
        }
      },
      [this, record, moves, snapshot, done = std::move(done)](std::exception_ptr error) {
        if (error || !*record) return done(nullptr, error ? "the table could not be read" : "no_such_table");
        if ((*record)->status == "open" || (*record)->status == "aborted") return done(nullptr, "table_not_playing");
        try {
          done(insert(**record, load_stored(**record, *moves, *snapshot), *moves), {});
        } catch (const std::exception& e) {
          metrics_.tables_faulted.fetch_add(1, std::memory_order_relaxed);
          done(nullptr, std::string("the table does not replay: ") + e.what());
        }
      });
}

std::size_t TableRegistry::load_all_playing(const std::function<void(std::int64_t, const std::string&)>& report,
                                            bool prove) {
  struct Stored {
    TableRecord record;
    std::vector<MoveRecord> moves;
    std::optional<SnapshotRecord> snapshot;
  };
  std::vector<Stored> stored;
  store_.run_sync([&stored, prove](Database& db) {
    std::vector<std::int64_t> ids = table_ids_with_status(db, "playing");
    if (prove) {
      for (std::int64_t id : table_ids_with_status(db, "finished")) ids.push_back(id);
    }
    for (std::int64_t id : ids) {
      if (auto record = load_table(db, id)) {
        stored.push_back(Stored{std::move(*record), load_moves(db, id), prove ? std::nullopt : load_latest_snapshot(db, id)});
      }
    }
  });
  std::size_t loaded = 0;
  for (auto& [record, moves, snapshot] : stored) {
    try {
      LoadedGame game = prove ? replay_stored(record, moves) : load_stored(record, moves, snapshot);
      if (record.status != "playing") continue;
      insert(record, std::move(game), moves);
      ++loaded;
    } catch (const std::exception& e) {
      metrics_.tables_faulted.fetch_add(1, std::memory_order_relaxed);
      report(record.id, e.what());
    }
  }
  return loaded;
}

}  // namespace sp::server
