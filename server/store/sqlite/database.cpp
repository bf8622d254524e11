#include "server/store/sqlite/database.hpp"

#include <sqlite3.h>

#include <string>

namespace sp::server {
namespace {

struct Migration {
  std::string_view name;
  std::string_view sql;
};

#include "server/migrations.inc"

[[noreturn]] void fail(sqlite3* db, std::string_view what) {
  throw DatabaseError(std::string(what) + ": " + (db != nullptr ? sqlite3_errmsg(db) : "out of memory"));
}

}  // namespace

Statement::Statement(StatementCache& cache, sqlite3* db, std::string_view sql)
    : cache_(&cache), db_(db), sql_(sql), stmt_(cache.take(sql_)) {
  if (stmt_ != nullptr) return;
  if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr) != SQLITE_OK) {
    fail(db, "prepare");
  }
}

Statement::~Statement() {
  if (stmt_ == nullptr) return;
  // A reset statement holds no read cursor (which would keep the WAL from
  // being checkpointed) and no parameters of its last use.
  reset();
  cache_->give_back(sql_, stmt_);
}

Statement::Statement(Statement&& other) noexcept
    : cache_(other.cache_), db_(other.db_), sql_(std::move(other.sql_)), stmt_(other.stmt_) {
  other.stmt_ = nullptr;
}

Statement& Statement::bind(int index, std::int64_t value) {
  if (sqlite3_bind_int64(stmt_, index, value) != SQLITE_OK) fail(db_, "bind");
  return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
  if (sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT) != SQLITE_OK) {
    fail(db_, "bind");
  }
  return *this;
}

Statement& Statement::bind_blob(int index, std::string_view bytes) {
  if (sqlite3_bind_blob(stmt_, index, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT) != SQLITE_OK) {
    fail(db_, "bind");
  }
  return *this;
}

Statement& Statement::bind_null(int index) {
  if (sqlite3_bind_null(stmt_, index) != SQLITE_OK) fail(db_, "bind");
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  fail(db_, "step");
}

void Statement::run() {
  while (step()) {
  }
  reset();
}

std::int64_t Statement::returned_id() {
  if (!step()) throw DatabaseError("step: the insert returned no id");
  const std::int64_t id = column_int(0);
  run();
  return id;
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

std::int64_t Statement::column_int(int index) const { return sqlite3_column_int64(stmt_, index); }

double Statement::column_real(int index) const { return sqlite3_column_double(stmt_, index); }

Statement& Statement::bind_real(int index, double value) {
  if (sqlite3_bind_double(stmt_, index, value) != SQLITE_OK) fail(db_, "bind");
  return *this;
}

std::string Statement::column_text(int index) const {
  const auto* text = sqlite3_column_text(stmt_, index);
  return text == nullptr ? std::string() : std::string(reinterpret_cast<const char*>(text),
                                                       static_cast<std::size_t>(sqlite3_column_bytes(stmt_, index)));
}

std::string Statement::column_blob(int index) const {
  const void* data = sqlite3_column_blob(stmt_, index);
  return data == nullptr ? std::string()
                         : std::string(static_cast<const char*>(data),
                                       static_cast<std::size_t>(sqlite3_column_bytes(stmt_, index)));
}

bool Statement::column_is_null(int index) const { return sqlite3_column_type(stmt_, index) == SQLITE_NULL; }

StatementCache::~StatementCache() { clear(); }

sqlite3_stmt* StatementCache::take(const std::string& sql) {
  const auto it = idle_.find(sql);
  if (it == idle_.end()) return nullptr;
  sqlite3_stmt* stmt = it->second;
  idle_.erase(it);
  return stmt;
}

void StatementCache::give_back(const std::string& sql, sqlite3_stmt* stmt) {
  if (idle_.size() >= kMaxIdle) {
    sqlite3_finalize(stmt);
    return;
  }
  idle_.emplace(sql, stmt);
}

void StatementCache::clear() {
  for (auto& [sql, stmt] : idle_) sqlite3_finalize(stmt);
  idle_.clear();
}

Database::Database(const std::string& path, DatabaseOptions options) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                      nullptr) != SQLITE_OK) {
    const std::string message = db_ != nullptr ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw DatabaseError("cannot open " + path + ": " + message);
  }
  sqlite3_busy_timeout(db_, 5000);
  exec("PRAGMA journal_mode = WAL");
  exec(options.durable ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
  exec("PRAGMA foreign_keys = ON");
}

Database::~Database() {
  statements_.clear();
  sqlite3_close(db_);
}

void Database::exec(std::string_view sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string message = error != nullptr ? error : "unknown error";
    sqlite3_free(error);
    throw DatabaseError("exec: " + message);
  }
}

Statement Database::prepare(std::string_view sql) { return Statement(statements_, db_, sql); }

std::int64_t Database::last_insert_id() const { return sqlite3_last_insert_rowid(db_); }

int Database::changes() const { return sqlite3_changes(db_); }

int Database::schema_version() {
  Statement s = prepare("PRAGMA user_version");
  s.step();
  return static_cast<int>(s.column_int(0));
}

int Database::latest_schema_version() { return static_cast<int>(std::size(kMigrations)); }

int Database::migrate() {
  const int current = schema_version();
  const int latest = latest_schema_version();
  if (current > latest) {
    throw DatabaseError("the database's schema (version " + std::to_string(current) +
                        ") is newer than this server knows (version " + std::to_string(latest) + ")");
  }
  for (int i = current; i < latest; ++i) {
    Transaction tx(*this);
    exec(kMigrations[i].sql);
    exec("PRAGMA user_version = " + std::to_string(i + 1));
    tx.commit();
  }
  return latest;
}

Transaction::Transaction(Database& db) : db_(db) { db_.prepare("BEGIN IMMEDIATE").run(); }

Transaction::~Transaction() {
  if (!done_) {
    try {
      db_.exec("ROLLBACK");
    } catch (const DatabaseError&) {
      // Nothing more can be done in a destructor; the connection reports it next time.
    }
  }
}

void Transaction::commit() {
  db_.prepare("COMMIT").run();
  done_ = true;
}

}  // namespace sp::server
