#include "server/table/table_registry.hpp"

#include <algorithm>
#include <stdexcept>

#include <spdlog/spdlog.h>

#include "engine/rules.hpp"
#include "engine/state_hash.hpp"
#include "server/table/log_replay.hpp"
#include "server/table/table_versions.hpp"
#include "server/store/snapshot.hpp"

namespace sp::server {

engine::GameSetup setup_of(const TableRecord& record) {
  auto setup = stored_setup(record);
  if (!setup) throw std::runtime_error("table " + std::to_string(record.id) + ": " + setup.error());
  return std::move(*setup);
}

namespace {

[[noreturn]] void refuse(const TableRecord& record, const Divergence& divergence) {
  throw std::runtime_error("table " + std::to_string(record.id) + ", " + divergence.describe());
}

// The table's whole log, its moves up to replay.moves() read (a snapshot
// stands for them), the rest applied with their state hashes checked; then
// the table's row must agree with the log (a log cut short at its end is
// caught there).
LoadedGame replay_log(const TableRecord& record, const std::vector<MoveRecord>& moves, LogReplay replay) {
  if (const std::string mismatch = version_mismatch(record); !mismatch.empty()) throw std::runtime_error(mismatch);
  if (!replay.ok()) refuse(record, *replay.divergence());
  std::vector<engine::LoggedAction> log;
  log.reserve(moves.size());
  const auto covered = std::min(moves.size(), static_cast<std::size_t>(replay.moves()));
  for (std::size_t i = 0; i < covered; ++i) {
    const auto read = read_move(static_cast<std::int64_t>(i) + 1, moves[i], record.player_count);
    if (!read) refuse(record, read.error());
    log.push_back(*read);
  }
  for (std::size_t i = covered; i < moves.size(); ++i) {
    if (!replay.apply(moves[i], /*check_hash=*/true, nullptr)) refuse(record, *replay.divergence());
    log.push_back(replay.last());
  }
  if (!replay.finish(record)) refuse(record, *replay.divergence());
  return LoadedGame{replay.state(), std::move(log)};
}

}  // namespace

LoadedGame replay_stored(const TableRecord& record, const std::vector<MoveRecord>& moves) {
  return replay_log(record, moves, LogReplay(record));
}

LoadedGame load_stored(const TableRecord& record, const std::vector<MoveRecord>& moves,
                       const std::optional<SnapshotRecord>& snapshot) {
  // An undo after the snapshot may take back the action the snapshot stands
  // for: the replay then needs the state before it, so it starts from the deal.
  const auto undo_after = [&](std::int64_t from) {
    return std::any_of(moves.begin() + from, moves.end(), [&](const MoveRecord& move) {
      const auto read = read_move(move.move_number, move, record.player_count);
      return read && read->kind == engine::LogKind::kUndo;
    });
  };
  if (snapshot && snapshot->move_number >= 1 && snapshot->move_number <= static_cast<std::int64_t>(moves.size()) &&
      !undo_after(snapshot->move_number)) {
    const auto taken_after = static_cast<std::size_t>(snapshot->move_number);
    if (auto state = decode_snapshot(snapshot->state);
        state && engine::state_hash_hex(*state) == moves[taken_after - 1].state_hash) {
      return replay_log(record, moves, LogReplay(record, std::move(*state), snapshot->move_number));
    }
  }
  return replay_stored(record, moves);
}

TableRegistry::TableRegistry(boost::asio::any_io_executor executor, Store& store, Metrics& metrics,
                             Correspondence& correspondence, NodeLeases* leases)
    : executor_(std::move(executor)),
      store_(store),
      metrics_(metrics),
      correspondence_(correspondence),
      leases_(leases) {}

std::shared_ptr<Table> TableRegistry::insert(const TableRecord& record, LoadedGame game,
                                             const std::vector<MoveRecord>& moves, std::optional<std::int64_t> epoch) {
  std::shared_ptr<Table> added;
  {
    std::lock_guard lock(mutex_);
    auto& slot = tables_[record.id];
    if (slot) return slot;
    std::vector<Actor> actors;
    actors.reserve(moves.size());
    std::vector<std::int64_t> times;
    times.reserve(moves.size());
    for (const MoveRecord& move : moves) {
      actors.push_back(move.actor);
      times.push_back(move.created_at);
    }
    slot = std::make_shared<Table>(executor_, store_, metrics_, correspondence_, record, setup_of(record),
                                   std::move(game.state), std::move(game.log), std::move(actors), std::move(times));
    if (epoch) {
      epochs_[record.id] = *epoch;
      slot->own_by_lease(LeaseFence{leases_->node(), *epoch}, [this, id = record.id, e = *epoch] { forget(id, e); });
    }
    metrics_.tables_active.fetch_add(1, std::memory_order_relaxed);
    added = slot;
  }
  added->start();
  return added;
}

std::shared_ptr<Table> TableRegistry::add_started(const TableRecord& record) {
  if (leases_) {
    // Taken like any table, under a lease, so that its first move is fenced.
    with_table(record.id, [](std::shared_ptr<Table>, TableUnavailable) {});
    return nullptr;
  }
  auto state = engine::new_game(setup_of(record));
  if (!state) throw std::runtime_error(state.error().message);
  return insert(record, LoadedGame{std::move(*state), {}}, {});
}

void TableRegistry::with_table(std::int64_t id, Found done) {
  {
    std::lock_guard lock(mutex_);
    if (const auto it = tables_.find(id); it != tables_.end()) {
      auto table = it->second;
      done(std::move(table), {});
      return;
    }
  }
  if (!leases_) return load(id, std::nullopt, std::move(done));
  {
    std::lock_guard lock(mutex_);
    auto& waiting = taking_[id];
    waiting.push_back(std::move(done));
    if (waiting.size() > 1) return;  // its lease is being taken already
  }
  // Read first: a table that is not being played is answered at once, with
  // no lease asked of anyone.
  load(id, std::nullopt, [this, id](std::shared_ptr<Table> unowned, TableUnavailable why) {
    if (why.reason != TableUnavailable::Reason::kNone) return answer(id, nullptr, why);
    unowned.reset();
    leases_->acquire(id, [this, id](std::optional<std::int64_t> epoch) {
      using Reason = TableUnavailable::Reason;
      if (!epoch) return answer(id, nullptr, {Reason::kElsewhere, {}});
      // Read again under the lease: the node before may have written until
      // it released the table.
      load(id, epoch, [this, id, epoch](std::shared_ptr<Table> table, TableUnavailable loaded) {
        if (!table) leases_->release(id, *epoch);
        answer(id, table, loaded);
      });
    });
  });
}

void TableRegistry::load(std::int64_t id, std::optional<std::int64_t> epoch, Found done) {
  using Reason = TableUnavailable::Reason;
  auto record = std::make_shared<std::optional<TableRecord>>();
  auto moves = std::make_shared<std::vector<MoveRecord>>();
  auto snapshot = std::make_shared<std::optional<SnapshotRecord>>();
  // Without a lease (only to check the table is played) the moves are not read.
  const bool whole = epoch.has_value() || !leases_;
  store_.submit(
      [id, record, moves, snapshot, whole](Records& db) {
        *record = db.load_table(id);
        if (*record && whole) {
          *moves = db.load_moves(id);
          *snapshot = db.load_latest_snapshot(id);
        }
      },
      [this, record, moves, snapshot, epoch, whole, done = std::move(done)](std::exception_ptr error) {
        if (error) return done(nullptr, {Reason::kFaulted, "the table could not be read"});
        if (!*record) return done(nullptr, {Reason::kNoSuchTable, {}});
        if ((*record)->status == TableStatus::kOpen || (*record)->status == TableStatus::kAborted) return done(nullptr, {Reason::kNotPlaying, {}});
        if (!whole) return done(nullptr, {});
        try {
          done(insert(**record, load_stored(**record, *moves, *snapshot), *moves, epoch), {});
        } catch (const std::exception& e) {
          metrics_.tables_faulted.fetch_add(1, std::memory_order_relaxed);
          done(nullptr, {Reason::kFaulted, std::string("the table does not replay: ") + e.what()});
        }
      });
}

void TableRegistry::answer(std::int64_t id, const std::shared_ptr<Table>& table, const TableUnavailable& why) {
  std::vector<Found> waiting;
  {
    std::lock_guard lock(mutex_);
    const auto it = taking_.find(id);
    if (it == taking_.end()) return;
    waiting = std::move(it->second);
    taking_.erase(it);
  }
  for (Found& done : waiting) done(table, why);
}

void TableRegistry::forget(std::int64_t id, std::int64_t epoch) {
  std::lock_guard lock(mutex_);
  const auto it = epochs_.find(id);
  if (it == epochs_.end() || it->second != epoch) return;
  epochs_.erase(it);
  tables_.erase(id);
  metrics_.tables_active.fetch_sub(1, std::memory_order_relaxed);
}

NodeLeaseHooks TableRegistry::lease_hooks() {
  NodeLeaseHooks hooks;
  const auto find = [this](std::int64_t id, std::int64_t epoch) -> std::shared_ptr<Table> {
    std::lock_guard lock(mutex_);
    const auto it = epochs_.find(id);
    if (it == epochs_.end() || it->second != epoch) return nullptr;
    return tables_.at(id);
  };
  hooks.lost = [find](std::int64_t id, std::int64_t epoch) {
    if (auto table = find(id, epoch)) table->lease_lost();
  };
  hooks.adopt = [this](std::int64_t id, std::int64_t epoch) {
    load(id, epoch, [this, id, epoch](std::shared_ptr<Table> table, TableUnavailable why) {
      if (table) return;
      if (why.reason == TableUnavailable::Reason::kFaulted) spdlog::error("table {} is not served: {}", id, why.detail);
      leases_->release(id, epoch);
    });
  };
  hooks.handover_asked = [this, find](std::int64_t id, std::int64_t epoch) {
    // Not in memory yet (still loading): the asker asks again at its next beat.
    if (auto table = find(id, epoch)) table->hand_over([this, id, epoch] { leases_->release(id, epoch); });
  };
  return hooks;
}

std::size_t TableRegistry::load_leased(const std::vector<std::pair<std::int64_t, std::int64_t>>& taken,
                                       const std::function<void(std::int64_t, const std::string&)>& report) {
  struct Stored {
    TableRecord record;
    std::vector<MoveRecord> moves;
    std::optional<SnapshotRecord> snapshot;
    std::int64_t epoch;
  };
  std::vector<Stored> stored;
  store_.run_sync([&stored, &taken](Records& db) {
    for (const auto& [id, epoch] : taken) {
      if (auto record = db.load_table(id)) {
        stored.push_back(Stored{std::move(*record), db.load_moves(id), db.load_latest_snapshot(id), epoch});
      }
    }
  });
  std::size_t loaded = 0;
  for (auto& [record, moves, snapshot, epoch] : stored) {
    try {
      LoadedGame game = load_stored(record, moves, snapshot);
      if (record.status != TableStatus::kPlaying) {
        leases_->release(record.id, epoch);
        continue;
      }
      insert(record, std::move(game), moves, epoch);
      ++loaded;
    } catch (const std::exception& e) {
      metrics_.tables_faulted.fetch_add(1, std::memory_order_relaxed);
      leases_->release(record.id, epoch);
      report(record.id, e.what());
    }
  }
  return loaded;
}

std::size_t TableRegistry::load_all_playing(const std::function<void(std::int64_t, const std::string&)>& report,
                                            bool prove) {
  struct Stored {
    TableRecord record;
    std::vector<MoveRecord> moves;
    std::optional<SnapshotRecord> snapshot;
  };
  std::vector<Stored> stored;
  store_.run_sync([&stored, prove](Records& db) {
    std::vector<std::int64_t> ids = db.table_ids_with_status(TableStatus::kPlaying);
    if (prove) {
      for (std::int64_t id : db.table_ids_with_status(TableStatus::kFinished)) ids.push_back(id);
    }
    for (std::int64_t id : ids) {
      if (auto record = db.load_table(id)) {
        stored.push_back(Stored{std::move(*record), db.load_moves(id), prove ? std::nullopt : db.load_latest_snapshot(id)});
      }
    }
  });
  std::size_t loaded = 0;
  for (auto& [record, moves, snapshot] : stored) {
    try {
      LoadedGame game = prove ? replay_stored(record, moves) : load_stored(record, moves, snapshot);
      if (record.status != TableStatus::kPlaying) continue;
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
