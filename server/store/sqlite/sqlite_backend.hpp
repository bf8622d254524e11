// The store's backend over one SQLite file: WAL, BEGIN IMMEDIATE for a batch,
// a savepoint per job, and SqliteRecords for the jobs' reads and writes.
//
// A tool that only reads (spb admin verify, export, replay) uses records()
// without the store: each statement then reads in its own transaction, and a
// server writing the same file meanwhile is never blocked.
#pragma once

#include <string>

#include "server/store/sqlite/database.hpp"
#include "server/store/sqlite/sqlite_records.hpp"
#include "server/store/store_backend.hpp"

namespace sp::server {

class SqliteBackend final : public StoreBackend {
 public:
  // Opens (creating if needed) the database at `path`; applies no migration.
  SqliteBackend(const std::string& path, DatabaseOptions options = {}) : db_(path, options) {}

  // Applies the migrations not yet applied; returns the schema version.
  int migrate() { return db_.migrate(); }

  // IMMEDIATE: the write lock is taken at the start, so a batch never fails
  // half-way for want of it.
  void begin() override { db_.prepare("BEGIN IMMEDIATE").run(); }
  void commit() override { db_.prepare("COMMIT").run(); }
  void rollback() noexcept override {
    try {
      db_.exec("ROLLBACK");
    } catch (const DatabaseError&) {
      // SQLite may have rolled back already (a full disk does); the connection
      // reports anything else on its next statement.
    }
  }
  void begin_job() override { db_.prepare("SAVEPOINT job").run(); }
  void end_job() override { db_.prepare("RELEASE job").run(); }
  void undo_job() override {
    db_.prepare("ROLLBACK TO job").run();
    db_.prepare("RELEASE job").run();
  }
  Records& records() override { return records_; }

 private:
  Database db_;
  SqliteRecords records_{db_};
};

}  // namespace sp::server
