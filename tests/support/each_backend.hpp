// Runs a test case once per storage backend: call each_backend() at its top
// and open the store at the location it returns. The first pass gets a new
// SQLite file in `dir`, the second a new PostgreSQL database with the latest
// schema (pg_cluster.hpp); doctest reports them as the subcases "SQLite" and
// "PostgreSQL".
#pragma once

#include <memory>
#include <string>

#include "server/store/store_backend.hpp"
#include "tests/support/temp_dir.hpp"

namespace sp::test {

std::string each_backend(const TempDir& dir, const std::string& file_name = "spb.sqlite");

// A whole-table row count straight from the database at `location` (not
// through Records), for tests that check what was written.
std::int64_t count_rows(const std::string& location, const std::string& table);

// Runs `sql` with `value` as its one parameter, $1 (which SQLite reads as its
// first), on a connection of its own: damage done behind the server's back.
void run_sql(const std::string& location, const std::string& sql, std::int64_t value);

}  // namespace sp::test
