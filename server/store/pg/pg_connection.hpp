// A thin RAII layer over one libpq connection: connect, execute, prepared
// statements with text-format parameters, migrations. Failures throw
// DatabaseError with PostgreSQL's own words.
//
// The SQL layer under PgRecords and PgBackend, as database.hpp is SQLite's:
// nothing outside server/store includes it. A PgConnection is used by one
// thread at a time; it is not shared.
//
// Each distinct SQL text is prepared once on the connection (PQprepare, named
// s1, s2, ...) and executed by name afterwards, so the statements the writer
// runs for every move are parsed and planned once. Parameters travel as text
// (blobs as binary); PostgreSQL infers their types from the statement, so a
// parameter whose type no context gives ($1 IS NULL) carries a cast.
//
// Pipelining: while the store's writer has a transaction open
// (pipelining(true), pg_backend.cpp), a statement whose outcome nobody reads
// at once is sent with send() and not waited for (libpq's pipeline mode).
// Its outcome is read at the connection's next wait: a statement whose rows
// are read, settle() at the end of a job, anything else. A failure read there
// throws there, inside the same job, so a job fails as a whole exactly as if
// each statement had been waited for; what changes is the number of round
// trips to the server, which on one writer thread bounds the moves a second.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/store/database_error.hpp"

struct pg_conn;
struct pg_result;

namespace sp::server {

class PgConnection;

// One execution of a prepared statement: bind by 1-based position, then
// step() through the rows (the first step runs it), or run().
class PgStatement {
 public:
  PgStatement(PgConnection& connection, std::string name, int parameters);
  ~PgStatement();
  PgStatement(PgStatement&& other) noexcept;
  PgStatement& operator=(PgStatement&&) = delete;
  PgStatement(const PgStatement&) = delete;

  PgStatement& bind(int index, std::int64_t value);
  PgStatement& bind(int index, std::string_view text);
  PgStatement& bind_real(int index, double value);
  PgStatement& bind_blob(int index, std::string_view bytes);
  PgStatement& bind_null(int index);

  // True while a row is available, false when done.
  bool step();
  // Runs a statement whose rows, if any, are not read.
  void run();
  // As run(), but while pipelining only sends it: its outcome (and a
  // failure) comes at the connection's next wait. changes() is then unknown.
  void send();
  // Runs an INSERT ... RETURNING id; the id of the row it made.
  std::int64_t returned_id();
  // Rows the statement inserted, updated or deleted (once run).
  int changes() const { return changes_; }

  // Booleans (t/f) read as 1/0.
  std::int64_t column_int(int index) const;
  double column_real(int index) const;
  std::string column_text(int index) const;
  std::string column_blob(int index) const;
  bool column_is_null(int index) const;

 private:
  void execute();
  // The parameters as libpq takes them, pointing into values_.
  struct Parameters {
    std::vector<const char*> values;
    std::vector<int> lengths;
  };
  Parameters parameters() const;
  void keep_result(pg_result* result);

  PgConnection* connection_;
  std::string name_;
  std::vector<std::optional<std::string>> values_;
  std::vector<int> formats_;
  pg_result* result_ = nullptr;
  int row_ = -1;
  int rows_ = 0;
  int changes_ = 0;
};

class PgConnection {
 public:
  // Connects with a libpq connection string (postgresql://... or key=value).
  // The error names the server, never the password.
  explicit PgConnection(const std::string& conninfo);

  // PostgreSQL keeps an index entry when the value assigned is the one it had.
  static constexpr bool kAssignRewritesIndexes = false;
  // A result is held whole in memory: a long read is split into short ones.
  static constexpr bool kStreamsRows = false;
  ~PgConnection();
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  // Runs one or more statements without parameters; the command tag of the
  // last ("COMMIT", or "ROLLBACK" for a COMMIT of a failed transaction).
  std::string exec(std::string_view sql);
  // The statement for `sql`, prepared on first use. Placeholders are $1,
  // $2..., or SQLite's ? and ?N, rewritten to those once per text.
  PgStatement prepare(std::string_view sql);
  // Rows changed by the statement run last through prepare().
  int changes() const { return changes_; }

  // Between pipelining(true) and pipelining(false), PgStatement::send()
  // sends without waiting. Turning it off settles what is in flight.
  void pipelining(bool on);
  // Waits for every statement sent and not yet waited for; throws
  // DatabaseError with the first one's failure (the rest were skipped).
  void settle();
  // Waits for every statement in flight and forgets their outcomes: the
  // job they belong to is being undone anyway. Never throws.
  void discard_in_flight() noexcept;

  // Whether the connection broke (the server restarted, the network went);
  // reconnect() then opens it again, and statements are prepared anew.
  bool broken() const;
  void reconnect();

  // Applies the embedded migrations not yet applied (schema/postgresql/),
  // recording each in schema_migrations; returns the schema version. Several
  // processes starting at once apply each migration once (an advisory lock).
  int migrate();
  int schema_version();
  static int latest_schema_version();

  pg_conn* handle() { return conn_; }

 private:
  friend class PgStatement;

  // Puts the connection in pipeline mode, if it is not yet.
  void enter_pipeline();
  // Sends a Sync and reads the outcome of every statement in flight; returns
  // the last one's result if `keep_last` (the caller's own statement).
  pg_result* sync_in_flight(bool keep_last);

  pg_conn* conn_ = nullptr;
  bool pipelining_ = false;
  int in_flight_ = 0;
  std::string conninfo_;
  std::unordered_map<std::string, std::pair<std::string, int>> prepared_;  // sql -> (name, parameters)
  int changes_ = 0;
};

// Whether `location` (the --db setting) names a PostgreSQL database: a
// postgresql:// or postgres:// URI, or a libpq key=value string
// ("host=... dbname=..."). Anything else is an SQLite file path.
bool is_postgresql_location(std::string_view location);

}  // namespace sp::server
