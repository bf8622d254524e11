#include "server/store/pg/pg_connection.hpp"

#include <libpq-fe.h>

#include <cctype>
#include <charconv>
#include <iterator>
#include <optional>

#include "server/store/lease.hpp"

namespace sp::server {
namespace {

struct Migration {
  std::string_view name;
  std::string_view sql;
};

#include "server/pg_migrations.inc"

// Any number taken by the advisory lock that serialises migrations.
constexpr std::int64_t kMigrationLock = 0x5350'4253'4348'454d;  // "SPBSCHEM"

std::string trimmed(const char* message) {
  std::string out = message != nullptr ? message : "unknown error";
  while (!out.empty() && std::isspace(static_cast<unsigned char>(out.back())) != 0) out.pop_back();
  return out;
}

// `sql` with SQLite's placeholders in PostgreSQL's: ?N becomes $N, and a bare
// ? takes the number after the highest so far, as SQLite numbers it. Quoted
// strings and names are left as they are. The records' SQL is written once,
// in SQLite's form (sql_records.hpp); each text is rewritten once, when it is
// first prepared.
std::string numbered_placeholders(std::string_view sql) {
  std::string out;
  out.reserve(sql.size() + 8);
  int highest = 0;
  char quote = 0;
  for (std::size_t i = 0; i < sql.size(); ++i) {
    const char c = sql[i];
    if (quote != 0) {
      if (c == quote) quote = 0;
      out += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      out += c;
    } else if (c != '?') {
      out += c;
    } else {
      int n = 0;
      std::size_t j = i + 1;
      while (j < sql.size() && std::isdigit(static_cast<unsigned char>(sql[j])) != 0) n = n * 10 + (sql[j++] - '0');
      if (j == i + 1) n = highest + 1;
      highest = std::max(highest, n);
      out += '$';
      out += std::to_string(n);
      i = j - 1;
    }
  }
  return out;
}

// The highest $N in `sql`: the number of parameters it takes.
int count_parameters(std::string_view sql) {
  int highest = 0;
  for (std::size_t i = 0; i < sql.size(); ++i) {
    if (sql[i] != '$') continue;
    int n = 0;
    std::size_t j = i + 1;
    while (j < sql.size() && std::isdigit(static_cast<unsigned char>(sql[j])) != 0) n = n * 10 + (sql[j++] - '0');
    highest = std::max(highest, n);
  }
  return highest;
}

class Result {
 public:
  explicit Result(PGresult* result) : result_(result) {}
  ~Result() { PQclear(result_); }
  Result(const Result&) = delete;
  Result& operator=(const Result&) = delete;
  PGresult* get() const { return result_; }

 private:
  PGresult* result_;
};

// The SQLSTATE spb_check_lease raises when a table's lease no longer holds
// (schema/postgresql/0013_lease_check.sql).
constexpr std::string_view kLeaseLostState = "SPB01";

// A failed statement's lost lease, as LeaseLost; nothing for other failures.
std::optional<LeaseLost> lease_lost_in(const PGresult* result) {
  const char* state = PQresultErrorField(result, PG_DIAG_SQLSTATE);
  if (state == nullptr || kLeaseLostState != state) return std::nullopt;
  const char* message = PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
  return LeaseLost(message != nullptr ? message : "the table's lease no longer holds");
}

void check(PGconn* conn, PGresult* result, std::string_view what) {
  const ExecStatusType status = PQresultStatus(result);
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return;
  if (auto lost = result != nullptr ? lease_lost_in(result) : std::nullopt) {
    PQclear(result);
    throw *lost;
  }
  const std::string message = trimmed(result != nullptr ? PQresultErrorMessage(result) : PQerrorMessage(conn));
  PQclear(result);
  throw DatabaseError(std::string(what) + ": " + (message.empty() ? trimmed(PQerrorMessage(conn)) : message));
}

}  // namespace

bool is_postgresql_location(std::string_view location) {
  if (location.starts_with("postgresql://") || location.starts_with("postgres://")) return true;
  // A key=value string starts with a keyword and '=' ("host=db dbname=spb");
  // no file path the server would be given does.
  std::size_t i = 0;
  while (i < location.size() && (std::isalnum(static_cast<unsigned char>(location[i])) != 0 || location[i] == '_')) ++i;
  std::size_t j = i;
  while (j < location.size() && location[j] == ' ') ++j;
  return i > 0 && j < location.size() && location[j] == '=';
}

PgStatement::PgStatement(PgConnection& connection, std::string name, int parameters)
    : connection_(&connection),
      name_(std::move(name)),
      values_(static_cast<std::size_t>(parameters)),
      formats_(static_cast<std::size_t>(parameters), 0) {}

PgStatement::~PgStatement() { PQclear(result_); }

PgStatement::PgStatement(PgStatement&& other) noexcept
    : connection_(other.connection_),
      name_(std::move(other.name_)),
      values_(std::move(other.values_)),
      formats_(std::move(other.formats_)),
      result_(other.result_),
      row_(other.row_),
      rows_(other.rows_),
      changes_(other.changes_) {
  other.result_ = nullptr;
}

PgStatement& PgStatement::bind(int index, std::int64_t value) {
  values_.at(static_cast<std::size_t>(index - 1)) = std::to_string(value);
  return *this;
}

PgStatement& PgStatement::bind_real(int index, double value) {
  // The shortest text that reads back as the same double.
  char text[32];
  const auto end = std::to_chars(std::begin(text), std::end(text), value).ptr;
  values_.at(static_cast<std::size_t>(index - 1)) = std::string(text, end);
  return *this;
}

PgStatement& PgStatement::bind(int index, std::string_view text) {
  values_.at(static_cast<std::size_t>(index - 1)) = std::string(text);
  return *this;
}

PgStatement& PgStatement::bind_blob(int index, std::string_view bytes) {
  values_.at(static_cast<std::size_t>(index - 1)) = std::string(bytes);
  formats_.at(static_cast<std::size_t>(index - 1)) = 1;
  return *this;
}

PgStatement& PgStatement::bind_null(int index) {
  values_.at(static_cast<std::size_t>(index - 1)).reset();
  return *this;
}

PgStatement::Parameters PgStatement::parameters() const {
  Parameters p{std::vector<const char*>(values_.size()), std::vector<int>(values_.size())};
  for (std::size_t i = 0; i < values_.size(); ++i) {
    p.values[i] = values_[i] ? values_[i]->data() : nullptr;
    p.lengths[i] = values_[i] ? static_cast<int>(values_[i]->size()) : 0;
  }
  return p;
}

void PgStatement::keep_result(PGresult* result) {
  result_ = result;
  rows_ = PQntuples(result);
  const char* affected = PQcmdTuples(result);
  changes_ = 0;
  if (affected != nullptr) std::from_chars(affected, affected + std::char_traits<char>::length(affected), changes_);
  connection_->changes_ = changes_;
}

void PgStatement::execute() {
  if (connection_->in_flight_ > 0) {
    // Goes down the pipeline behind what is in flight, and one Sync brings
    // every outcome back: one round trip for all of them.
    send();
    keep_result(connection_->sync_in_flight(true));
    return;
  }
  const Parameters p = parameters();
  PGconn* conn = connection_->conn_;
  PGresult* result = PQexecPrepared(conn, name_.c_str(), static_cast<int>(p.values.size()), p.values.data(),
                                    p.lengths.data(), formats_.data(), 0);
  check(conn, result, "execute");
  keep_result(result);
}

void PgStatement::send() {
  if (!connection_->pipelining_) {
    run();
    return;
  }
  connection_->enter_pipeline();
  const Parameters p = parameters();
  PGconn* conn = connection_->conn_;
  if (PQsendQueryPrepared(conn, name_.c_str(), static_cast<int>(p.values.size()), p.values.data(), p.lengths.data(),
                          formats_.data(), 0) != 1) {
    throw DatabaseError("send: " + trimmed(PQerrorMessage(conn)));
  }
  ++connection_->in_flight_;
}

bool PgStatement::step() {
  if (result_ == nullptr) execute();
  if (row_ + 1 >= rows_) {
    row_ = rows_;
    return false;
  }
  ++row_;
  return true;
}

void PgStatement::run() {
  if (result_ == nullptr) execute();
}

std::int64_t PgStatement::returned_id() {
  if (!step()) throw DatabaseError("an insert returned no id");
  return column_int(0);
}

std::int64_t PgStatement::column_int(int index) const {
  const char* text = PQgetvalue(result_, row_, index);
  const std::size_t length = static_cast<std::size_t>(PQgetlength(result_, row_, index));
  if (length == 1 && (text[0] == 't' || text[0] == 'f')) return text[0] == 't' ? 1 : 0;
  std::int64_t value = 0;
  std::from_chars(text, text + length, value);
  return value;
}

double PgStatement::column_real(int index) const {
  const char* text = PQgetvalue(result_, row_, index);
  const std::size_t length = static_cast<std::size_t>(PQgetlength(result_, row_, index));
  double value = 0;
  std::from_chars(text, text + length, value);
  return value;
}

std::string PgStatement::column_text(int index) const {
  return std::string(PQgetvalue(result_, row_, index), static_cast<std::size_t>(PQgetlength(result_, row_, index)));
}

std::string PgStatement::column_blob(int index) const {
  std::size_t length = 0;
  unsigned char* bytes =
      PQunescapeBytea(reinterpret_cast<const unsigned char*>(PQgetvalue(result_, row_, index)), &length);
  if (bytes == nullptr) throw DatabaseError("out of memory reading a bytea column");
  std::string out(reinterpret_cast<const char*>(bytes), length);
  PQfreemem(bytes);
  return out;
}

bool PgStatement::column_is_null(int index) const { return PQgetisnull(result_, row_, index) != 0; }

PgConnection::PgConnection(const std::string& conninfo) : conninfo_(conninfo) { reconnect(); }

PgConnection::~PgConnection() { PQfinish(conn_); }

void PgConnection::reconnect() {
  PQfinish(conn_);
  prepared_.clear();
  in_flight_ = 0;
  conn_ = PQconnectdb(conninfo_.c_str());
  if (conn_ == nullptr) throw DatabaseError("cannot connect to PostgreSQL: out of memory");
  if (PQstatus(conn_) != CONNECTION_OK) {
    const std::string message = trimmed(PQerrorMessage(conn_));
    PQfinish(conn_);
    conn_ = nullptr;
    throw DatabaseError("cannot connect to PostgreSQL: " + message);
  }
  // libpq would print the server's notices and warnings on stderr (a table
  // created IF NOT EXISTS, a ROLLBACK after a failed COMMIT): errors are what
  // matters, and they come back as results.
  PQsetNoticeProcessor(conn_, [](void*, const char*) {}, nullptr);
}

void PgConnection::pipelining(bool on) {
  pipelining_ = on;
  if (!on) settle();
}

void PgConnection::enter_pipeline() {
  if (PQpipelineStatus(conn_) != PQ_PIPELINE_OFF) return;
  if (PQenterPipelineMode(conn_) != 1) throw DatabaseError("pipeline: " + trimmed(PQerrorMessage(conn_)));
}

void PgConnection::settle() {
  if (in_flight_ > 0) sync_in_flight(false);
}

void PgConnection::discard_in_flight() noexcept {
  try {
    settle();
  } catch (const DatabaseError&) {
    // The job is being undone: what failed in it no longer matters.
  }
}

PGresult* PgConnection::sync_in_flight(bool keep_last) {
  const int statements = in_flight_;
  in_flight_ = 0;
  if (PQpipelineSync(conn_) != 1) throw DatabaseError("pipeline: " + trimmed(PQerrorMessage(conn_)));
  // Each statement's results end with a null; the Sync's own result comes
  // last. After a failure the server skips to the Sync, and libpq reports
  // each skipped statement as PGRES_PIPELINE_ABORTED.
  std::string failure;
  std::optional<LeaseLost> lease_lost;
  PGresult* kept = nullptr;
  int ended = 0;
  bool after_null = false;
  for (;;) {
    PGresult* result = PQgetResult(conn_);
    if (result == nullptr) {
      if (after_null) {
        // Two nulls in a row: libpq has nothing more to give, the
        // connection is gone.
        PQclear(kept);
        throw DatabaseError("pipeline: " + (failure.empty() ? trimmed(PQerrorMessage(conn_)) : failure));
      }
      after_null = true;
      ++ended;
      continue;
    }
    after_null = false;
    const ExecStatusType status = PQresultStatus(result);
    if (status == PGRES_PIPELINE_SYNC) {
      PQclear(result);
      break;
    }
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      if (failure.empty()) {
        failure = status == PGRES_PIPELINE_ABORTED ? "skipped after an earlier failure"
                                                   : trimmed(PQresultErrorMessage(result));
        lease_lost = lease_lost_in(result);
      }
      PQclear(result);
    } else if (keep_last && ended == statements - 1 && kept == nullptr) {
      kept = result;
    } else {
      PQclear(result);
    }
  }
  if (PQexitPipelineMode(conn_) != 1) {
    PQclear(kept);
    throw DatabaseError("pipeline: " + trimmed(PQerrorMessage(conn_)));
  }
  if (!failure.empty()) {
    PQclear(kept);
    if (lease_lost) throw *lease_lost;
    throw DatabaseError("execute: " + failure);
  }
  return kept;
}

bool PgConnection::broken() const { return conn_ == nullptr || PQstatus(conn_) == CONNECTION_BAD; }

std::string PgConnection::exec(std::string_view sql) {
  settle();
  PGresult* result = PQexec(conn_, std::string(sql).c_str());
  check(conn_, result, "exec");
  std::string tag = PQcmdStatus(result);
  PQclear(result);
  return tag;
}

PgStatement PgConnection::prepare(std::string_view sql) {
  const std::string key(sql);
  auto it = prepared_.find(key);
  if (it == prepared_.end()) {
    settle();  // PQprepare waits, which pipeline mode does not allow
    std::string name = "s" + std::to_string(prepared_.size() + 1);
    const std::string text = numbered_placeholders(sql);
    const int parameters = count_parameters(text);
    Result result(PQprepare(conn_, name.c_str(), text.c_str(), parameters, nullptr));
    const ExecStatusType status = PQresultStatus(result.get());
    if (status != PGRES_COMMAND_OK) {
      throw DatabaseError("prepare: " + trimmed(result.get() != nullptr ? PQresultErrorMessage(result.get())
                                                                         : PQerrorMessage(conn_)));
    }
    it = prepared_.emplace(key, std::make_pair(std::move(name), parameters)).first;
  }
  return PgStatement(*this, it->second.first, it->second.second);
}

int PgConnection::latest_schema_version() { return static_cast<int>(std::size(kMigrations)); }

int PgConnection::schema_version() {
  auto s = prepare("SELECT to_regclass('schema_migrations') IS NOT NULL");
  if (!s.step() || s.column_int(0) == 0) return 0;
  auto v = prepare("SELECT coalesce(max(version), 0) FROM schema_migrations");
  v.step();
  return static_cast<int>(v.column_int(0));
}

int PgConnection::migrate() {
  const int latest = latest_schema_version();
  for (;;) {
    exec("BEGIN");
    try {
      // The lock first, then the table: two nodes starting on an empty
      // database would otherwise both create it, and one fail on a duplicate
      // key in PostgreSQL's catalogue (CREATE ... IF NOT EXISTS is not atomic).
      exec("SELECT pg_advisory_xact_lock(" + std::to_string(kMigrationLock) + ")");
      exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
           "applied_at BIGINT NOT NULL)");
      const int current = schema_version();
      if (current > latest) {
        throw DatabaseError("the database's schema (version " + std::to_string(current) +
                            ") is newer than this server knows (version " + std::to_string(latest) + ")");
      }
      if (current == latest) {
        exec("COMMIT");
        return latest;
      }
      exec(kMigrations[current].sql);
      auto record = prepare(
          "INSERT INTO schema_migrations (version, name, applied_at) "
          "VALUES ($1, $2, extract(epoch FROM now())::bigint)");
      record.bind(1, std::int64_t{current + 1}).bind(2, kMigrations[current].name).run();
      exec("COMMIT");
    } catch (const DatabaseError&) {
      PQclear(PQexec(conn_, "ROLLBACK"));
      throw;
    }
  }
}

}  // namespace sp::server
