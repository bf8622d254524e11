#include "server/app/table_registry.hpp"

#include <stdexcept>

#include "engine/rules.hpp"
#include "engine/state_hash.hpp"
#include "protocol/engine_json.hpp"

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

LoadedGame replay_stored(const TableRecord& record, const std::vector<MoveRecord>& moves) {
  const engine::GameSetup setup = setup_of(record);
  auto state = engine::new_game(setup);
  if (!state) throw std::runtime_error("table " + std::to_string(record.id) + ": " + state.error().message);
  LoadedGame game{std::move(*state), {}};
  for (const MoveRecord& move : moves) {
    const std::string where = "table " + std::to_string(record.id) + " move " + std::to_string(move.move_number);
    if (move.move_number != static_cast<std::int64_t>(game.log.size()) + 1) {
      throw std::runtime_error(where + ": the log has a gap");
    }
    const auto action = protocol::decode_action(nlohmann::json::parse(move.action_json, nullptr, false));
    if (!action) throw std::runtime_error(where + ": " + action.error().message);
    const engine::Seat seat{static_cast<std::uint8_t>(move.seat)};
    auto applied = engine::apply_in_place(game.state, seat, *action, nullptr);
    if (!applied) throw std::runtime_error(where + " does not replay: " + applied.error().message);
    if (engine::state_hash_hex(game.state) != move.state_hash) {
      throw std::runtime_error(where + ": the replay reaches another state than the stored hash");
    }
    game.log.push_back(engine::LoggedAction{seat, *action});
  }
  return game;
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
  store_.submit(
      [id, record, moves](Database& db) {
        *record = load_table(db, id);
        if (*record) *moves = load_moves(db, id);
      },
      [this, record, moves, done = std::move(done)](std::exception_ptr error) {
        if (error || !*record) return done(nullptr, error ? "the table could not be read" : "no_such_table");
        if ((*record)->status == "open" || (*record)->status == "aborted") return done(nullptr, "table_not_playing");
        try {
          done(insert(**record, replay_stored(**record, *moves), *moves), {});
        } catch (const std::exception& e) {
          metrics_.tables_faulted.fetch_add(1, std::memory_order_relaxed);
          done(nullptr, std::string("the table does not replay: ") + e.what());
        }
      });
}

std::size_t TableRegistry::load_all_playing(const std::function<void(std::int64_t, const std::string&)>& report) {
  std::vector<std::pair<TableRecord, std::vector<MoveRecord>>> stored;
  store_.run_sync([&stored](Database& db) {
    for (std::int64_t id : table_ids_with_status(db, "playing")) {
      if (auto record = load_table(db, id)) stored.emplace_back(std::move(*record), load_moves(db, id));
    }
  });
  std::size_t loaded = 0;
  for (auto& [record, moves] : stored) {
    try {
      insert(record, replay_stored(record, moves), moves);
      ++loaded;
    } catch (const std::exception& e) {
      metrics_.tables_faulted.fetch_add(1, std::memory_order_relaxed);
      report(record.id, e.what());
    }
  }
  return loaded;
}

}  // namespace sp::server
