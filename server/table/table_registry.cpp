#include "server/table/table_registry.hpp"

#include <algorithm>
#include <chrono>
#include <sstream>
#include <stdexcept>

#include <spdlog/spdlog.h>

#include "engine/rules.hpp"
#include "engine/state_hash.hpp"
#include "server/table/log_replay.hpp"
#include "server/table/table.hpp"
#include "server/table/table_versions.hpp"
#include "server/store/database_error.hpp"
#include "server/store/snapshot.hpp"

namespace sp::server {

engine::GameSetup setup_of(const TableRecord& record) {
  auto setup = stored_setup(record);
  if (!setup) throw std::runtime_error("table " + std::to_string(record.id) + ": " + setup.error());
  return std::move(*setup);
}

namespace {

// How many tables' players (TableRegistry::players_) are remembered at most:
// a few megabytes of names.
constexpr std::size_t kPlayersRemembered = 65536;

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

TableRegistry::TableRegistry(SerialExecutors executors, Store& store, Metrics& metrics,
                             Correspondence& correspondence, NodeLeases* leases)
    : executors_(std::move(executors)),
      store_(store),
      metrics_(metrics),
      correspondence_(correspondence),
      leases_(leases) {}

std::shared_ptr<Table> TableRegistry::insert(const TableRecord& record, LoadedGame game,
                                             const std::vector<MoveRecord>& moves, std::optional<std::int64_t> epoch) {
  std::shared_ptr<Table> added;
  std::shared_ptr<Table> followed;  // the copy this node kept while another played it
  {
    std::lock_guard lock(mutex_);
    auto& slot = tables_[record.id];
    // A table played here is never replaced; a followed one is, once taken.
    if (slot && (!leases_ || !epoch || epochs_.count(record.id) != 0)) return slot;
    followed = slot;
    std::vector<Actor> actors;
    actors.reserve(moves.size());
    std::vector<std::int64_t> times;
    times.reserve(moves.size());
    for (const MoveRecord& move : moves) {
      actors.push_back(move.actor);
      times.push_back(move.created_at);
    }
    slot = std::make_shared<Table>(executors_.next(), store_, metrics_, correspondence_, record, setup_of(record),
                                   std::move(game.state), std::move(game.log), std::move(actors), std::move(times));
    if (epoch) {
      epochs_[record.id] = *epoch;
      players_.erase(record.id);
      // Moved away, for whatever reason: forgotten here, and its lease given
      // up (if this node still holds it) so that a node may adopt it at once.
      slot->own_by_lease(LeaseFence{leases_->node(), *epoch}, [this, id = record.id, e = *epoch] {
        forget(id, e);
        leases_->release(id, e);
      });
    } else if (leases_) {
      slot->follow_only();
    }
    if (leases_) slot->tell_watching([this, id = record.id](std::uint32_t seats) { tell_watching(id, seats); });
    // Counted as played only where this node plays it; a copy kept for its
    // watchers while another node plays it is a followed one.
    if (followed) metrics_.tables_followed.fetch_sub(1, std::memory_order_relaxed);
    if (epoch || !leases_) {
      metrics_.tables_active.fetch_add(1, std::memory_order_relaxed);
    } else {
      metrics_.tables_followed.fetch_add(1, std::memory_order_relaxed);
    }
    added = slot;
  }
  if (followed) {
    // Its watchers first see what was written since they were last told,
    // then go over; a move made here meanwhile shows them a gap in the move
    // numbers, after which a client subscribes again (docs/protocol.md).
    followed->follow(news_of(record, moves), [](Table::Followed) {});
    followed->pass_watchers(added);
  }
  if (epoch || !leases_) added->start();
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

std::shared_ptr<Table> TableRegistry::find(std::int64_t id) {
  std::lock_guard lock(mutex_);
  const auto it = tables_.find(id);
  return it == tables_.end() ? nullptr : it->second;
}

void TableRegistry::watch_table(std::int64_t id, Found done) {
  if (!leases_) return with_table(id, std::move(done));
  std::shared_ptr<Table> table;
  bool played = false;
  {
    std::lock_guard lock(mutex_);
    if (const auto it = tables_.find(id); it != tables_.end()) {
      table = it->second;
      played = epochs_.count(id) != 0;
    }
  }
  if (!table) return load(id, std::nullopt, std::move(done), /*follow=*/true);
  if (played) return done(std::move(table), {});
  // A followed copy reads the database first, so that what a client reads
  // here includes every move acknowledged anywhere before it asked.
  catch_up(id, [table, done = std::move(done)] { done(table, {}); });
}

std::shared_ptr<Table> TableRegistry::followed(std::int64_t id) {
  std::lock_guard lock(mutex_);
  const auto it = tables_.find(id);
  if (it == tables_.end() || epochs_.count(id) != 0) return nullptr;
  return it->second;
}

void TableRegistry::catch_up(std::int64_t id, std::function<void()> then) {
  auto table = followed(id);
  if (!table) {
    if (then) then();
    return;
  }
  metrics_.follow_reads.fetch_add(1, std::memory_order_relaxed);
  auto record = std::make_shared<std::optional<TableRecord>>();
  auto moves = std::make_shared<std::vector<MoveRecord>>();
  // Only what the copy has not read: a long game is not read whole again.
  const std::int64_t read = table->moves_followed();
  store_.submit(
      [id, read, record, moves](Records& db) {
        *record = db.load_table(id);
        if (*record) *moves = db.load_moves_after(id, read);
      },
      [this, id, table, record, moves, then = std::move(then)](std::exception_ptr error) mutable {
        if (error || !*record) {
          if (then) then();
          return;
        }
        follow(id, std::move(table), news_of(**record, std::move(*moves)), std::move(then));
      });
}

void TableRegistry::take_news(TableNews news) {
  const std::int64_t id = news.table;
  auto table = followed(id);
  if (!table) return;
  metrics_.table_news.fetch_add(1, std::memory_order_relaxed);
  follow(id, std::move(table), std::move(news), {});
}

void TableRegistry::follow(std::int64_t id, std::shared_ptr<Table> table, TableNews news, std::function<void()> then) {
  table->follow(std::move(news), [this, id, table, then = std::move(then)](Table::Followed followed) mutable {
    if (followed.missed) return catch_up(id, std::move(then));
    // A request is about to watch or read it: kept.
    if (then) return then();
    if (followed.watched) return;
    // Nobody watches it here: forgotten until asked for again.
    std::lock_guard lock(mutex_);
    const auto it = tables_.find(id);
    if (it == tables_.end() || it->second != table || epochs_.count(id) != 0) return;
    tables_.erase(it);
    metrics_.tables_followed.fetch_sub(1, std::memory_order_relaxed);
  });
}

void TableRegistry::with_table(std::int64_t id, Found done, Reach reach) {
  {
    std::lock_guard lock(mutex_);
    if (const auto it = tables_.find(id); it != tables_.end() && (!leases_ || epochs_.count(id) != 0)) {
      auto table = it->second;
      done(std::move(table), {});
      return;
    }
  }
  if (!leases_) return load(id, std::nullopt, std::move(done));
  {
    std::unique_lock lock(mutex_);
    if (reach == Reach::kLocate) {
      if (const auto known = players_.find(id); known != players_.end()) {
        TableUnavailable why{TableUnavailable::Reason::kPlayedElsewhere, known->second};
        lock.unlock();
        return done(nullptr, std::move(why));
      }
    }
    auto& waiting = taking_[id];
    waiting.push_back(Waiter{std::move(done), reach});
    if (waiting.size() > 1) return;  // its lease is being taken or located already
  }
  using Reason = TableUnavailable::Reason;
  // Under the lease just taken: read again, since the node before may have
  // written until it released the table.
  auto load_taken = [this, id](std::int64_t epoch) {
    load(id, epoch, [this, id, epoch](std::shared_ptr<Table> table, TableUnavailable loaded) {
      if (!table) leases_->release(id, epoch);
      answer(id, table, loaded);
    });
  };
  // Read first: a table that is not being played is answered at once, with
  // no lease asked of anyone.
  load(id, std::nullopt, [this, id, reach, load_taken](std::shared_ptr<Table> unowned, TableUnavailable why) {
    if (why.reason != Reason::kNone) return answer(id, nullptr, why);
    unowned.reset();
    if (reach == Reach::kLocate) {
      return leases_->locate(id, [this, id, load_taken](NodeLeases::Located at) {
        if (at.epoch) return load_taken(*at.epoch);
        if (at.holder.empty()) return answer(id, nullptr, {Reason::kStorageUnavailable, {}});
        // Its node died: nobody would answer a carried request, so the table
        // is taken here once its lease expires.
        if (!at.holder_connected) {
          return leases_->acquire(id, [this, id, load_taken](std::optional<std::int64_t> epoch) {
            if (!epoch) return answer(id, nullptr, {Reason::kElsewhere, {}});
            load_taken(*epoch);
          });
        }
        {
          std::lock_guard lock(mutex_);
          // Bounded: the names of tables long finished are dropped with the rest.
          if (players_.size() >= kPlayersRemembered) players_.clear();
          players_[id] = at.holder;
        }
        answer(id, nullptr, {Reason::kPlayedElsewhere, at.holder});
      });
    }
    leases_->acquire(id, [this, id, load_taken](std::optional<std::int64_t> epoch) {
      if (!epoch) return answer(id, nullptr, {Reason::kElsewhere, {}});
      load_taken(*epoch);
    });
  });
}

void TableRegistry::forget_player(std::int64_t id) {
  std::lock_guard lock(mutex_);
  players_.erase(id);
}

void TableRegistry::load(std::int64_t id, std::optional<std::int64_t> epoch, Found done, bool follow) {
  using Reason = TableUnavailable::Reason;
  auto record = std::make_shared<std::optional<TableRecord>>();
  auto moves = std::make_shared<std::vector<MoveRecord>>();
  auto snapshot = std::make_shared<std::optional<SnapshotRecord>>();
  // Without a lease (only to check the table is played) the moves are not read.
  const bool whole = epoch.has_value() || !leases_ || follow;
  store_.submit(
      [id, record, moves, snapshot, whole](Records& db) {
        *record = db.load_table(id);
        if (*record && whole) {
          *moves = db.load_moves(id);
          *snapshot = db.load_latest_snapshot(id);
        }
      },
      [this, record, moves, snapshot, epoch, whole, done = std::move(done)](std::exception_ptr error) {
        if (error && is_database_unavailable(error)) return done(nullptr, {Reason::kStorageUnavailable, {}});
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
  std::vector<Waiter> waiting;
  {
    std::lock_guard lock(mutex_);
    const auto it = taking_.find(id);
    if (it == taking_.end()) return;
    waiting = std::move(it->second);
    taking_.erase(it);
  }
  for (Waiter& waiter : waiting) {
    // A lookup that takes the table joined one that only located it: it
    // asks again, now for the lease.
    if (why.reason == TableUnavailable::Reason::kPlayedElsewhere && waiter.reach == Reach::kTake) {
      with_table(id, std::move(waiter.done), Reach::kTake);
    } else {
      waiter.done(table, why);
    }
  }
}

void TableRegistry::forget(std::int64_t id, std::int64_t epoch) {
  std::lock_guard lock(mutex_);
  const auto it = epochs_.find(id);
  if (it == epochs_.end() || it->second != epoch) return;
  // The table stays in memory as a followed copy while anyone watches it
  // here (catch_up drops it otherwise).
  epochs_.erase(it);
  metrics_.tables_active.fetch_sub(1, std::memory_order_relaxed);
  metrics_.tables_followed.fetch_add(1, std::memory_order_relaxed);
}

NodeLeaseHooks TableRegistry::lease_hooks() {
  NodeLeaseHooks hooks;
  const auto played = [this](std::int64_t id, std::int64_t epoch) -> std::shared_ptr<Table> {
    std::lock_guard lock(mutex_);
    const auto it = epochs_.find(id);
    if (it == epochs_.end() || it->second != epoch) return nullptr;
    return tables_.at(id);
  };
  hooks.lost = [played](std::int64_t id, std::int64_t epoch) {
    if (auto table = played(id, epoch)) table->lease_lost();
  };
  hooks.adopt = [this](std::int64_t id, std::int64_t epoch) {
    load(id, epoch, [this, id, epoch](std::shared_ptr<Table> table, TableUnavailable why) {
      if (table) return;
      if (why.reason == TableUnavailable::Reason::kFaulted) spdlog::error("table {} is not served: {}", id, why.detail);
      leases_->release(id, epoch);
    });
  };
  hooks.handover_asked = [this, played](std::int64_t id, std::int64_t epoch) {
    // Not in memory yet (still loading): the asker asks again at its next beat.
    if (auto table = played(id, epoch)) table->hand_over([this, id, epoch] { leases_->release(id, epoch); });
  };
  hooks.table_changed = [this](std::int64_t id) { catch_up(id, {}); };
  hooks.table_news = [this](TableNews news) { take_news(std::move(news)); };
  hooks.released = [this](std::int64_t id) { forget_player(id); };
  hooks.watching = [this](std::string node, std::string lines) { heard_watching(node, lines); };
  hooks.beat = [this] { tell_all_watching(); };
  return hooks;
}

namespace {

std::string watching_line(std::int64_t id, std::uint32_t seats) {
  return std::to_string(id) + " " + std::to_string(seats) + "\n";
}

}  // namespace

void TableRegistry::tell_watching(std::int64_t id, std::uint32_t seats) {
  leases_->tell_watching(watching_line(id, seats));
}

void TableRegistry::tell_all_watching() {
  // Room for the node's name before the lines, under a notification's 8000 bytes.
  constexpr std::size_t kLinesPerMessage = 6000;
  std::string lines;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, table] : tables_) {
      if (epochs_.count(id) != 0) continue;
      if (const std::uint32_t seats = table->seats_watched()) lines += watching_line(id, seats);
      if (lines.size() >= kLinesPerMessage) {
        leases_->tell_watching(std::move(lines));
        lines.clear();
      }
    }
  }
  if (!lines.empty()) leases_->tell_watching(std::move(lines));
}

void TableRegistry::heard_watching(const std::string& node, const std::string& lines) {
  metrics_.watching_heard.fetch_add(1, std::memory_order_relaxed);
  // Told again every beat, a third of a lease: two beats may be missed.
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(leases_->lease_ms());
  std::istringstream in(lines);
  std::int64_t id = 0;
  std::uint32_t seats = 0;
  while (in >> id >> seats) {
    std::shared_ptr<Table> table;
    {
      std::lock_guard lock(mutex_);
      if (epochs_.count(id) == 0) continue;
      table = tables_.at(id);
    }
    table->watched_elsewhere(node, seats, until);
  }
}

std::size_t TableRegistry::load_leased(const std::vector<std::pair<std::int64_t, std::int64_t>>& taken,
                                       const std::function<void(std::int64_t, const std::string&)>& report,
                                       bool prove) {
  struct Stored {
    TableRecord record;
    std::vector<MoveRecord> moves;
    std::optional<SnapshotRecord> snapshot;
    std::int64_t epoch;
  };
  std::vector<Stored> stored;
  store_.run_sync([&stored, &taken, prove](Records& db) {
    for (const auto& [id, epoch] : taken) {
      if (auto record = db.load_table(id)) {
        stored.push_back(Stored{std::move(*record), db.load_moves(id),
                                prove ? std::nullopt : db.load_latest_snapshot(id), epoch});
      }
    }
  });
  std::size_t loaded = 0;
  for (auto& [record, moves, snapshot, epoch] : stored) {
    try {
      LoadedGame game = prove ? replay_stored(record, moves) : load_stored(record, moves, snapshot);
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
