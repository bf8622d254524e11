// A real PostgreSQL server for the tests, started once per test process on
// first use and stopped when the process ends: initdb into a temporary
// folder, pg_ctl start on a Unix socket in that folder (no TCP at all), with
// Debian's postgresql-15 binaries. A watchdog process stops the server and
// removes the folder when the test process is gone, even if it crashed.
//
// Each test gets a database of its own: an empty one, or a copy of one
// migrated once (CREATE DATABASE ... TEMPLATE), which takes milliseconds.
#pragma once

#include <string>

namespace sp::test {

class PgCluster {
 public:
  // The process's cluster, started on first call. Throws when PostgreSQL
  // cannot be started (the message says why: the binaries are missing...).
  static PgCluster& instance();

  // A new database with the latest schema; its libpq connection string.
  std::string migrated_database();
  // A new database with no table at all.
  std::string empty_database();

  ~PgCluster();
  PgCluster(const PgCluster&) = delete;
  PgCluster& operator=(const PgCluster&) = delete;

 private:
  PgCluster();
  std::string create_database(const std::string& template_name);
  std::string conninfo(const std::string& database) const;

  std::string folder_;
  int databases_ = 0;
};

// Where the PostgreSQL binaries are (SPB_PG_BIN, else Debian's).
std::string pg_bin_dir();

}  // namespace sp::test
