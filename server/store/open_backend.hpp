// The database setting (--db) names the backend: a postgresql:// or
// postgres:// URI, or a libpq key=value string, is PostgreSQL (pg_backend.hpp);
// anything else is the path of an SQLite file (sqlite_backend.hpp), the
// default.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "server/store/store_backend.hpp"

namespace sp::server {

enum class BackendKind { kSqlite, kPostgresql };

BackendKind backend_kind(const std::string& location);

// Opens the database at `location` (an SQLite file is created if missing)
// and applies the migrations not yet applied. Throws DatabaseError.
// `idle_transaction_ms`: PostgreSQL's limit on a transaction left idle (see
// PgBackend), for nodes sharing the database; 0 for none.
std::unique_ptr<StoreBackend> open_migrated_backend(const std::string& location, bool durable,
                                                    std::int64_t idle_transaction_ms = 0);

// Opens an existing database as it is, for a tool that reads. Throws
// DatabaseError (a missing SQLite file is the caller's to refuse first).
std::unique_ptr<StoreBackend> open_backend_as_is(const std::string& location);

// The location for messages: a PostgreSQL URI without its password.
std::string printable_location(const std::string& location);

}  // namespace sp::server
