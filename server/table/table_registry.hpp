// TableRegistry: the tables being played, loaded in memory on first use.
//
// A table that is not in memory is loaded by the store's thread: its record and
// moves are read, the game is replayed from its seed and options, and every
// move's state hash is checked against the one stored with it. A table whose
// replay diverges is not served (its error names the first bad move).
//
// Thread-safety: safe from any thread; one mutex guards the map, held only to
// look up or insert, never across I/O.
#pragma once

#include <boost/asio/any_io_executor.hpp>

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "engine/setup.hpp"
#include "server/base/metrics.hpp"
#include "server/table/table.hpp"
#include "server/store/records.hpp"
#include "server/store/store.hpp"

namespace sp::server {

// The setup of a stored table: its player count, options and seed.
// Throws std::runtime_error for options that no longer decode.
engine::GameSetup setup_of(const TableRecord& record);

// Replays a stored table from its seed; checks each move's state hash. This
// is the proof that a table's log is its game. Throws std::runtime_error
// naming the first move that does not replay.
struct LoadedGame {
  engine::GameState state;
  std::vector<engine::LoggedAction> log;
};
LoadedGame replay_stored(const TableRecord& record, const std::vector<MoveRecord>& moves);

// Loads a stored table the fast way: from its latest snapshot when that is
// valid (its layout is this binary's and its hash is the one stored with its
// move), applying only the moves after it and checking their hashes; from the
// seed otherwise. Throws like replay_stored.
LoadedGame load_stored(const TableRecord& record, const std::vector<MoveRecord>& moves,
                       const std::optional<SnapshotRecord>& snapshot);

// Why with_table found no table to serve.
struct TableUnavailable {
  enum class Reason : std::uint8_t {
    kNone,         // the table was found
    kNoSuchTable,
    kNotPlaying,   // open, or aborted
    kFaulted,      // it could not be read, or its log does not replay: `detail` says which
  };
  Reason reason = Reason::kNone;
  std::string detail;
};

class TableRegistry {
 public:
  TableRegistry(boost::asio::any_io_executor executor, Store& store, Metrics& metrics,
                Correspondence& correspondence);

  // Calls `done` with the table, or with null and why not. `done` may run on
  // any thread.
  void with_table(std::int64_t id, std::function<void(std::shared_ptr<Table>, TableUnavailable)> done);

  // Adds a table that just started (its record has its seats and seed).
  std::shared_ptr<Table> add_started(const TableRecord& record);

  // Loads every table being played; returns how many, and reports each table
  // that failed to load through `report`. For start-up: call before serving.
  // With `prove`, every started table (finished ones too) is replayed from its
  // seed rather than loaded from its snapshot.
  std::size_t load_all_playing(const std::function<void(std::int64_t, const std::string&)>& report,
                               bool prove = false);

 private:
  // Adds a loaded table and starts it (its deadline, its robots).
  std::shared_ptr<Table> insert(const TableRecord& record, LoadedGame game, const std::vector<MoveRecord>& moves);

  // Constant after construction.
  boost::asio::any_io_executor executor_;
  Store& store_;
  Metrics& metrics_;
  Correspondence& correspondence_;

  std::mutex mutex_;
  std::map<std::int64_t, std::shared_ptr<Table>> tables_;  // guarded by mutex_
};

}  // namespace sp::server
