// A thin RAII layer over one SQLite connection: open, execute, prepared
// statements, transactions, migrations. Failures throw DatabaseError: they are
// I/O failures, caught at the server's edges (a write that fails faults its
// table; a failed start-up stops the server).
//
// The SQL layer under SqliteRecords and SqliteBackend: nothing outside
// server/store includes it. Its statement surface is PgStatement's (bind,
// step, columns, run, send, returned_id), so the records' SQL and code are
// written once for both (sql_records.hpp). A Database is used by one thread at a time (the
// store's writer thread, or a command-line tool); it is not shared.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "server/store/database_error.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace sp::server {

class StatementCache;

// A prepared statement on loan from its connection's cache: it goes back,
// reset and with its bindings cleared, when the Statement is destroyed, so a
// statement the writer runs for every move is compiled once.
class Statement {
 public:
  Statement(StatementCache& cache, sqlite3* db, std::string_view sql);
  ~Statement();
  Statement(Statement&& other) noexcept;
  Statement& operator=(Statement&&) = delete;
  Statement(const Statement&) = delete;

  // Binds by 1-based position; returns *this for chaining.
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, std::string_view text);
  Statement& bind_blob(int index, std::string_view bytes);
  Statement& bind_null(int index);
  // A REAL (named apart: an int argument would be ambiguous between the overloads).
  Statement& bind_real(int index, double value);

  // Steps once: true while a row is available, false when done.
  bool step();
  // Runs a statement that returns no rows.
  void run();
  // run(): SQLite has no pipeline, so a statement whose outcome nobody reads
  // at once is waited for as any other (PgStatement::send).
  void send() { run(); }
  // Runs an INSERT ... RETURNING id; the id of the row it made.
  std::int64_t returned_id();
  void reset();

  std::int64_t column_int(int index) const;
  std::string column_text(int index) const;
  std::string column_blob(int index) const;
  bool column_is_null(int index) const;
  double column_real(int index) const;

 private:
  StatementCache* cache_;
  sqlite3* db_;
  std::string sql_;
  sqlite3_stmt* stmt_ = nullptr;
};

// The idle prepared statements of one connection, by SQL text. A statement in
// use is not in the cache: a second use of the same SQL meanwhile (a query
// run inside another's loop) gets a statement of its own.
class StatementCache {
 public:
  StatementCache() = default;
  ~StatementCache();
  StatementCache(const StatementCache&) = delete;
  StatementCache& operator=(const StatementCache&) = delete;

  // An idle statement for `sql`, or nullptr.
  sqlite3_stmt* take(const std::string& sql);
  // Takes back a statement already reset; finalizes it when the cache is full.
  void give_back(const std::string& sql, sqlite3_stmt* stmt);
  void clear();

 private:
  static constexpr std::size_t kMaxIdle = 128;
  std::unordered_multimap<std::string, sqlite3_stmt*> idle_;
};

struct DatabaseOptions {
  bool durable = true;  // synchronous=FULL (power-loss safe); NORMAL when false
};

class Database {
 public:
  // Opens (creating if needed) the database file and its parent folder's file;
  // sets WAL, foreign keys, the busy timeout and the synchronous mode.
  Database(const std::string& path, DatabaseOptions options = {});

  // SQLite rewrites a row's index entries whenever an indexed column is
  // assigned, even to its own value; the records assign such a column apart
  // when it seldom changes.
  static constexpr bool kAssignRewritesIndexes = true;
  // A statement's rows are read one step at a time, so a long read streams.
  static constexpr bool kStreamsRows = true;
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  void exec(std::string_view sql);
  Statement prepare(std::string_view sql);
  std::int64_t last_insert_id() const;
  int changes() const;

  // Applies the embedded migrations not yet applied; returns the schema version.
  int migrate();
  int schema_version();
  // The schema version this binary's migrations lead to.
  static int latest_schema_version();

  sqlite3* handle() { return db_; }

 private:
  sqlite3* db_ = nullptr;
  StatementCache statements_;  // emptied before the connection closes
};

// BEGIN IMMEDIATE ... COMMIT, rolled back if not committed.
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  void commit();

 private:
  Database& db_;
  bool done_ = false;
};

}  // namespace sp::server
