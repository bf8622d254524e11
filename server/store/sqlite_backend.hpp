// The store's backend over one SQLite file: WAL, BEGIN IMMEDIATE for a batch,
// a savepoint per job, and SqliteRecords for the jobs' reads and writes.
//
// A tool that only reads (spb admin verify, export, replay) uses records()
// without the store: each statement then reads in its own transaction, and a
// server writing the same file meanwhile is never blocked.
#pragma once

#include <string>

#include "server/store/database.hpp"
#include "server/store/sqlite_records.hpp"
#include "server/store/store_backend.hpp"

namespace sp::server {

class SqliteBackend final : public StoreBackend {
 public:
  // Opens (creating if needed) the database at `path`; applies no migration.
  SqliteBackend(const std::string& path, DatabaseOptions options = {});

  // Applies the migrations not yet applied; returns the schema version.
  int migrate() { return db_.migrate(); }

  void begin() override;
  void commit() override;
  void rollback() noexcept override;
  void begin_job() override;
  void end_job() override;
  void undo_job() override;
  Records& records() override { return records_; }

 private:
  Database db_;
  SqliteRecords records_{db_};
};

}  // namespace sp::server
