#include "server/store/open_backend.hpp"

#include <regex>

#include "server/store/pg/pg_backend.hpp"
#include "server/store/sqlite/sqlite_backend.hpp"

namespace sp::server {

BackendKind backend_kind(const std::string& location) {
  return is_postgresql_location(location) ? BackendKind::kPostgresql : BackendKind::kSqlite;
}

std::unique_ptr<StoreBackend> open_migrated_backend(const std::string& location, bool durable,
                                                    std::int64_t idle_transaction_ms) {
  if (backend_kind(location) == BackendKind::kPostgresql) {
    auto backend = std::make_unique<PgBackend>(location, durable, idle_transaction_ms);
    backend->migrate();
    return backend;
  }
  auto backend = std::make_unique<SqliteBackend>(location, DatabaseOptions{durable});
  backend->migrate();
  return backend;
}

std::unique_ptr<StoreBackend> open_backend_as_is(const std::string& location) {
  if (backend_kind(location) == BackendKind::kPostgresql) return std::make_unique<PgBackend>(location);
  return std::make_unique<SqliteBackend>(location);
}

std::string printable_location(const std::string& location) {
  if (backend_kind(location) != BackendKind::kPostgresql) return location;
  // user:password@ in a URI, password=... in a key=value string.
  static const std::regex uri_password(R"(^(postgres(?:ql)?://[^:/@]*):[^@/]*@)");
  static const std::regex key_password(R"((^|\s)password\s*=\s*('(?:[^'\\]|\\.)*'|\S+))");
  std::string out = std::regex_replace(location, uri_password, "$1:***@");
  return std::regex_replace(out, key_password, "$1password=***");
}

}  // namespace sp::server
