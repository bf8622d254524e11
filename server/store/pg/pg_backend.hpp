// The store's backend over a PostgreSQL database: a batch of jobs is one
// transaction (BEGIN ... COMMIT, acknowledged only once COMMIT returns, with
// synchronous_commit on), each job a savepoint, and PgRecords for the jobs'
// reads and writes. The backend owns its connection; its statements are
// prepared once on it.
//
// A tool that only reads (spb admin verify, replay) uses records() without
// the store: each statement then runs in its own transaction.
#pragma once

#include <cstdint>
#include <string>

#include "server/store/pg/pg_connection.hpp"
#include "server/store/pg/pg_records.hpp"
#include "server/store/store_backend.hpp"

namespace sp::server {

class PgBackend final : public StoreBackend {
 public:
  // Connects with `conninfo` (a postgresql:// URI or key=value string);
  // applies no migration. Not durable: synchronous_commit off (a crash may
  // lose the last commits, never corrupt the database), as SQLite's NORMAL.
  // `idle_transaction_ms` > 0: PostgreSQL ends this connection's session when
  // a transaction stays idle that long (a node paused mid-batch), releasing
  // the lease rows it locked; the batch then fails and nothing of it is
  // acknowledged.
  explicit PgBackend(const std::string& conninfo, bool durable = true, std::int64_t idle_transaction_ms = 0);

  // Applies the migrations not yet applied; returns the schema version.
  int migrate() { return connection_.migrate(); }
  int schema_version() { return connection_.schema_version(); }

  void begin() override;
  void commit() override;
  void rollback() noexcept override;
  void begin_job() override;
  void end_job() override;
  void undo_job() override;
  bool unreachable() const override { return connection_.broken(); }
  Records& records() override { return records_; }

  PgConnection& connection() { return connection_; }

 private:
  void configure();

  PgConnection connection_;
  bool durable_;
  std::int64_t idle_transaction_ms_;
  PgRecords records_{connection_};
};

}  // namespace sp::server
