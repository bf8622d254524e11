#include "server/store/sqlite_backend.hpp"

namespace sp::server {

SqliteBackend::SqliteBackend(const std::string& path, DatabaseOptions options) : db_(path, options) {}

// IMMEDIATE: the write lock is taken at the start, so a batch never fails
// half-way for want of it.
void SqliteBackend::begin() { db_.prepare("BEGIN IMMEDIATE").run(); }

void SqliteBackend::commit() { db_.prepare("COMMIT").run(); }

void SqliteBackend::rollback() noexcept {
  try {
    db_.exec("ROLLBACK");
  } catch (const DatabaseError&) {
    // SQLite may have rolled back already (a full disk does); the connection
    // reports anything else on its next statement.
  }
}

void SqliteBackend::begin_job() { db_.prepare("SAVEPOINT job").run(); }

void SqliteBackend::end_job() { db_.prepare("RELEASE job").run(); }

void SqliteBackend::undo_job() {
  db_.prepare("ROLLBACK TO job").run();
  db_.prepare("RELEASE job").run();
}

}  // namespace sp::server
