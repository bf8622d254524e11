// StoreBackend: a database as the store's writer thread uses it. The store
// (store.hpp) writes a batch of jobs in one transaction and each job in a
// savepoint of its own; the backend says how its database does that, and
// hands the jobs its Records. SqliteBackend (sqlite_backend.hpp) is SQLite's
// and PgBackend (pg_backend.hpp) PostgreSQL's, chosen by the --db setting
// (open_backend.hpp); the tests wrap one to make a chosen write fail.
//
// Used by one thread at a time. Failures throw DatabaseError.
#pragma once

#include "server/store/records.hpp"

namespace sp::server {

class StoreBackend {
 public:
  virtual ~StoreBackend() = default;

  // The transaction of one batch of jobs.
  virtual void begin() = 0;
  virtual void commit() = 0;
  // Undoes the open transaction after a failure; reports nothing, as there is
  // nothing more to do (the jobs of the batch are all reported failed).
  virtual void rollback() noexcept = 0;

  // One job inside the batch: begin_job, then end_job to keep its changes or
  // undo_job to undo them alone.
  virtual void begin_job() = 0;
  virtual void end_job() = 0;
  virtual void undo_job() = 0;

  // The reads and writes of the jobs, for as long as the backend lives.
  virtual Records& records() = 0;

  // After a failure: whether it was the database being out of reach (a
  // connection lost or refused), which passes by itself, rather than a fault.
  virtual bool unreachable() const { return false; }

 protected:
  StoreBackend() = default;
  StoreBackend(const StoreBackend&) = default;
  StoreBackend& operator=(const StoreBackend&) = default;
};

}  // namespace sp::server
