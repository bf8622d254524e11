// The database's clock in SQL for PostgreSQL: leases and claims are timed by
// it, never by a node's, so nodes need no synchronised clocks.
#pragma once

#include <string>

namespace sp::server {

// Milliseconds since 1970 on the database's clock, at the moment the
// statement runs (clock_timestamp, not the transaction's now(): a batch's
// transaction may have begun a while ago).
inline constexpr const char* kDatabaseNowMs = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";

// `sql` with every NOW_MS replaced by kDatabaseNowMs.
inline std::string with_database_now(std::string sql) {
  for (std::size_t at = sql.find("NOW_MS"); at != std::string::npos; at = sql.find("NOW_MS", at)) {
    sql.replace(at, 6, kDatabaseNowMs);
  }
  return sql;
}

}  // namespace sp::server
