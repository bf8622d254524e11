#include "tests/support/each_backend.hpp"

#include <doctest/doctest.h>

#include "server/store/sqlite/database.hpp"
#include "server/store/open_backend.hpp"
#include "server/store/pg/pg_connection.hpp"
#include "tests/support/pg_cluster.hpp"

namespace sp::test {

std::string each_backend(const TempDir& dir, const std::string& file_name) {
  std::string location;
  SUBCASE("SQLite") { location = dir.file(file_name); }
  SUBCASE("PostgreSQL") { location = PgCluster::instance().migrated_database(); }
  return location;
}

std::int64_t count_rows(const std::string& location, const std::string& table) {
  const std::string sql = "SELECT count(*) FROM " + table;
  if (server::backend_kind(location) == server::BackendKind::kPostgresql) {
    server::PgConnection db(location);
    auto s = db.prepare(sql);
    s.step();
    return s.column_int(0);
  }
  server::Database db(location);
  auto s = db.prepare(sql);
  s.step();
  return s.column_int(0);
}

void run_sql(const std::string& location, const std::string& sql, std::int64_t value) {
  if (server::backend_kind(location) == server::BackendKind::kPostgresql) {
    server::PgConnection db(location);
    db.prepare(sql).bind(1, value).run();
    return;
  }
  server::Database db(location);
  db.prepare(sql).bind(1, value).run();
}

}  // namespace sp::test
