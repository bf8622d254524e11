// TableRegistry: the tables being played, loaded in memory on first use.
//
// A table that is not in memory is loaded by the store's thread: its record and
// moves are read, the game is replayed from its seed and options, and every
// move's state hash is checked against the one stored with it. A table whose
// replay diverges is not served (its error names the first bad move).
//
// When nodes share a PostgreSQL database (node_leases.hpp), a table is served
// only under this node's lease: a table not in memory is first taken from
// whichever node plays it (or from none), and a table whose lease is lost or
// handed over is forgotten. With SQLite there are no leases and no other node.
//
// Thread-safety: safe from any thread; one mutex guards the map, held only to
// look up or insert, never across I/O.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "engine/setup.hpp"
#include "server/base/metrics.hpp"
#include "server/base/serial_executor.hpp"
#include "server/table/node_leases.hpp"
#include "engine/replay.hpp"
#include "engine/state.hpp"
#include "server/table/correspondence.hpp"
#include "server/store/records.hpp"
#include "server/store/store.hpp"

namespace sp::server {

class Table;

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
    kElsewhere,    // another node plays it and did not hand it over in time
    kPlayedElsewhere,  // another node plays it, and it stays there: `detail` names the node (Reach::kLocate)
    kStorageUnavailable,  // the database is out of reach just now
  };
  Reason reason = Reason::kNone;
  std::string detail;
};

// What with_table does when another node plays the table.
enum class Reach : std::uint8_t {
  kTake,    // asks that node to hand it over, and plays it here
  kLocate,  // answers kPlayedElsewhere with that node's name: the request is carried there
};

class TableRegistry {
 public:
  // `leases`: this node's, when nodes share the database; null otherwise.
  TableRegistry(SerialExecutors executors, Store& store, Metrics& metrics,
                Correspondence& correspondence, NodeLeases* leases = nullptr);

  // The hooks NodeLeases calls (on its thread): a lease lost, a dead node's
  // table to adopt, another node asking for a table.
  NodeLeaseHooks lease_hooks();

  // Calls `done` with the table, or with null and why not. `done` may run on
  // any thread. A table no node plays is taken here whatever `reach` says.
  void with_table(std::int64_t id, std::function<void(std::shared_ptr<Table>, TableUnavailable)> done,
                  Reach reach = Reach::kTake);
  // Forgets which node was last found playing the table (a request carried
  // there got no answer): the next kLocate reads the lease again.
  void forget_player(std::int64_t id);
  // The same for a request that only watches or reads the table: with
  // leases, a table another node plays is served by a copy that follows it
  // (Table::follow_only), rather than taken from that node.
  void watch_table(std::int64_t id, std::function<void(std::shared_ptr<Table>, TableUnavailable)> done);
  // The table if it is in memory, played or followed here; null otherwise.
  std::shared_ptr<Table> find(std::int64_t id);

  // Adds a table that just started (its record has its seats and seed).
  // With leases it is taken and loaded as with_table does, and null returned.
  std::shared_ptr<Table> add_started(const TableRecord& record);

  // Loads every table being played; returns how many, and reports each table
  // that failed to load through `report`. For start-up: call before serving.
  // With `prove`, every started table (finished ones too) is replayed from its
  // seed rather than loaded from its snapshot.
  std::size_t load_all_playing(const std::function<void(std::int64_t, const std::string&)>& report,
                               bool prove = false);
  // With leases: loads the tables taken at start-up (NodeLeases::adopt_now);
  // with `prove`, replays each from its seed rather than its snapshot.
  std::size_t load_leased(const std::vector<std::pair<std::int64_t, std::int64_t>>& taken,
                          const std::function<void(std::int64_t, const std::string&)>& report, bool prove = false);

 private:
  using Found = std::function<void(std::shared_ptr<Table>, TableUnavailable)>;

  // Adds a loaded table and starts it (its deadline, its robots); under
  // `epoch`, this node's lease, when nodes share the database.
  std::shared_ptr<Table> insert(const TableRecord& record, LoadedGame game, const std::vector<MoveRecord>& moves,
                                std::optional<std::int64_t> epoch = std::nullopt);
  // Reads and loads a table from the store; under `epoch` as insert, or to
  // follow it (`follow`). With leases and neither, only checks it is played.
  void load(std::int64_t id, std::optional<std::int64_t> epoch, Found done, bool follow = false);
  // The copy of `id` this node follows (not plays), if it has one.
  std::shared_ptr<Table> followed(std::int64_t id);
  // A followed table was written by its node: catch up by reading it, and
  // drop it if nobody watches it; with `then`, keep it and call `then` once
  // caught up.
  void catch_up(std::int64_t id, std::function<void()> then);
  // The same from the write's own news, without a read unless news was missed.
  void take_news(TableNews news);
  void follow(std::int64_t id, std::shared_ptr<Table> table, TableNews news, std::function<void()> then);
  // Calls every lookup waiting for the table's lease.
  void answer(std::int64_t id, const std::shared_ptr<Table>& table, const TableUnavailable& why);
  // Forgets the table if it is still the one of lease `epoch`.
  void forget(std::int64_t id, std::int64_t epoch);
  // Who watches (docs/scaling.md): tells the other nodes which seats of a
  // table this node follows its connections watch, for one table when they
  // change, for every followed table at each beat; and hands what another
  // node told to the tables played here.
  void tell_watching(std::int64_t id, std::uint32_t seats);
  void tell_all_watching();
  void heard_watching(const std::string& node, const std::string& lines);

  // Constant after construction.
  SerialExecutors executors_;  // each table's strand
  Store& store_;
  Metrics& metrics_;
  Correspondence& correspondence_;

  NodeLeases* const leases_;

  std::mutex mutex_;
  std::map<std::int64_t, std::shared_ptr<Table>> tables_;  // guarded by mutex_
  std::map<std::int64_t, std::int64_t> epochs_;           // the lease of each table played here (others in
                                                          // tables_ are followed); guarded by mutex_
  struct Waiter {
    Found done;
    Reach reach;
  };
  std::map<std::int64_t, std::vector<Waiter>> taking_;    // lookups waiting for a lease; guarded by mutex_
  // The node last found playing each table another node plays (kLocate), so
  // that carrying a request there needs no read of the lease; forgotten when
  // that node releases the table or does not answer. Guarded by mutex_.
  std::map<std::int64_t, std::string> players_;
};

}  // namespace sp::server
