// Store: the server's one database connection, owned by one writer thread.
//
// Every database access is a job run on that thread, given the backend's
// Records (records.hpp) to read and write through. Jobs that arrive while a
// transaction is being written wait, and are then written together in the next
// transaction (group commit): under load one disk flush carries many moves, so
// throughput is not capped at one flush per move. When jobs arrive densely
// but find the writer idle, it may wait a moment for more (CommitDelay,
// commit_delay.hpp) so that one flush still carries several. Each job runs inside its own
// savepoint, so a failing job rolls back alone. A job's completion is called
// once its transaction committed (or failed): on the writer thread, or, when
// the store was given a HandOver, wherever that runs the completions of a
// whole transaction (the server's network threads: one wake-up a transaction
// instead of one a job). A completion must only hand the result over (post or
// dispatch to a strand), never block.
//
// The transactions are the store's, whatever the backend: a job never opens
// or ends one. StoreOptions open the database their path names
// (open_backend.hpp: an SQLite file, or PostgreSQL); a backend may also be
// handed over ready to use.
//
// Thread-safety: submit() is safe from any thread. The backend is touched only
// by the writer thread.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/store/commit_delay.hpp"
#include "server/store/records.hpp"
#include "server/store/store_backend.hpp"

namespace sp::server {

// The database of a store, and its batches.
struct StoreOptions {
  std::string path;           // an SQLite file, or a PostgreSQL URI or key=value string
  bool durable = true;        // synchronous=FULL (SQLite), synchronous_commit=on (PostgreSQL)
  int max_batch = 512;        // jobs per transaction at the most
  // How long a transaction may wait for more jobs when arrivals are dense
  // (commit_delay.hpp); zero never waits.
  std::chrono::microseconds commit_delay{0};
  std::int64_t idle_transaction_ms = 0;  // PostgreSQL: end a session idle that long in a transaction (0: never)
};

struct StoreStats {
  std::uint64_t transactions = 0;
  std::uint64_t jobs = 0;
  std::uint64_t failed_jobs = 0;
};

// The reason a job failed, in words, for the log: the database's own message
// (SQLite's "database or disk is full") or the exception's.
std::string failure_reason(const std::exception_ptr& error);

class Store {
 public:
  using Work = std::function<void(Records&)>;
  // Called once the job's transaction committed (nullptr) or failed.
  using Done = std::function<void(std::exception_ptr)>;
  // Called after each transaction with the seconds it took and whether it
  // committed (for the metrics).
  using CommitObserver = std::function<void(double seconds, std::size_t jobs, bool committed)>;
  // Runs the completions of one transaction, in order, elsewhere than on the
  // writer thread; calls to it must run one after the other, in order.
  using HandOver = std::function<void(std::function<void()> completions)>;

  // Opens the database, applies migrations and starts the writer
  // thread. Throws DatabaseError when the database cannot be opened or migrated.
  // Without `hand_over`, completions run on the writer thread.
  explicit Store(StoreOptions options, CommitObserver observer = {}, HandOver hand_over = {});
  // Writes through `backend`, whose schema is up to date; at most `max_batch`
  // jobs per transaction, gathered for up to `commit_delay`.
  Store(std::unique_ptr<StoreBackend> backend, int max_batch, CommitObserver observer = {},
        std::chrono::microseconds commit_delay = {}, HandOver hand_over = {});
  // Writes what is queued, then stops the writer thread.
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  void submit(Work work, Done done);

  // Runs `work` and waits for its commit: for start-up and tools, never on a
  // network thread. Rethrows the job's failure. Its own completion runs on the
  // writer thread (it may be waited for before any network thread runs). When
  // it returns, every job submitted before it has completed and released what
  // its closures held, or, with a HandOver, had its completion handed over
  // (a barrier for shutting down).
  void run_sync(Work work);

  StoreStats stats() const;

 private:
  struct Job {
    Work work;
    Done done;
    CommitDelay::Clock::time_point arrived;
    bool awaited = false;  // run_sync's: completed on the writer thread
  };
  // The completions of one transaction's jobs, run in the order submitted.
  struct Completions {
    std::vector<Job> jobs;
    std::vector<std::exception_ptr> errors;
    void run();
  };

  void enqueue(Job job);
  void run();
  void write_batch(std::deque<Job>& batch);

  const std::unique_ptr<StoreBackend> backend_;  // writer thread only, after construction
  const std::size_t max_batch_;
  const CommitObserver observer_;
  const HandOver hand_over_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> queue_;     // guarded by mutex_
  CommitDelay delay_;         // guarded by mutex_
  bool stopping_ = false;     // guarded by mutex_
  StoreStats stats_;          // guarded by mutex_
  std::thread writer_;
};

}  // namespace sp::server
