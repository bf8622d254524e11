#include "server/store/database_copy.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <memory>

#include "server/store/sqlite/database.hpp"
#include "server/store/open_backend.hpp"
#include "server/store/pg/pg_connection.hpp"

namespace sp::server {
namespace {

// Every table of the schema, each after the tables its rows refer to.
constexpr std::array<const char*, 39> kTables = {
    "users",         "sessions",           "tournaments",   "leagues",       "game_tables",   "seats",         "invitations",
    "moves",         "snapshots",          "chat",          "vacations",     "notifications",
    "push_subscriptions", "webhook_outbox", "admin_actions", "user_emails",   "notice_settings",
    "notice_choices", "email_outbox",      "deadline_warnings", "server_keys", "vapid_keys",
    "table_terms",   "ratings",            "game_results", "table_leases",  "timed_claims",
    "tournament_players", "tournament_rounds", "tournament_byes", "tournament_deals",
    "tournament_deal_contributions", "tournament_invitations", "league_players", "league_seasons",
    "league_places", "league_tables", "league_byes", "password_resets"};

enum class Kind { kInteger, kReal, kText, kBytes };

struct Column {
  std::string name;
  Kind kind;
};

Kind kind_of(std::string type) {
  std::transform(type.begin(), type.end(), type.begin(), [](unsigned char c) { return std::tolower(c); });
  if (type.find("int") != std::string::npos) return Kind::kInteger;
  // Copied as doubles, never as text: SQLite writes a REAL as text with 15 digits.
  if (type == "real" || type == "double precision") return Kind::kReal;
  if (type == "blob" || type == "bytea") return Kind::kBytes;
  return Kind::kText;
}

// What differs between the two databases, as overloads; the copy itself is
// one template over both (their statements share their methods).

std::vector<std::string> table_names(Database& db) {
  auto s = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
  std::vector<std::string> out;
  while (s.step()) out.push_back(s.column_text(0));
  return out;
}

std::vector<std::string> table_names(PgConnection& db) {
  auto s = db.prepare(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
      "AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations' ORDER BY table_name");
  std::vector<std::string> out;
  while (s.step()) out.push_back(s.column_text(0));
  return out;
}

std::vector<Column> columns_of(Database& db, const std::string& table) {
  auto s = db.prepare("SELECT name, type FROM pragma_table_info($1) ORDER BY cid");
  s.bind(1, table);
  std::vector<Column> out;
  while (s.step()) out.push_back(Column{s.column_text(0), kind_of(s.column_text(1))});
  return out;
}

std::vector<Column> columns_of(PgConnection& db, const std::string& table) {
  auto s = db.prepare(
      "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() "
      "AND table_name = $1 ORDER BY ordinal_position");
  s.bind(1, table);
  std::vector<Column> out;
  while (s.step()) out.push_back(Column{s.column_text(0), kind_of(s.column_text(1))});
  return out;
}

void begin(Database& db) { db.exec("BEGIN IMMEDIATE"); }
void begin(PgConnection& db) { db.exec("BEGIN"); }

void commit(Database& db) { db.exec("COMMIT"); }
void commit(PgConnection& db) {
  if (db.exec("COMMIT") != "COMMIT") throw DatabaseError("commit: the copy was rolled back");
}

void rollback(Database& db) noexcept {
  try {
    db.exec("ROLLBACK");
  } catch (const DatabaseError&) {
    // Rolled back already.
  }
}
void rollback(PgConnection& db) noexcept {
  try {
    db.exec("ROLLBACK");
  } catch (const DatabaseError&) {
    // The connection is gone, and the transaction with it.
  }
}

// SQLite's next id is one past the largest; PostgreSQL's identity columns
// keep a sequence of their own, which explicit ids do not move.
void after_rows(Database&, const std::string&, const std::vector<Column>&) {}
void after_rows(PgConnection& db, const std::string& table, const std::vector<Column>& columns) {
  if (std::none_of(columns.begin(), columns.end(), [](const Column& c) { return c.name == "id"; })) return;
  auto identity = db.prepare("SELECT pg_get_serial_sequence($1, 'id') IS NOT NULL");
  identity.bind(1, table);
  if (!identity.step() || identity.column_int(0) == 0) return;
  db.exec("SELECT setval(pg_get_serial_sequence('" + table + "', 'id'), coalesce(max(id), 0) + 1, false) FROM " + table);
}

template <typename Db>
std::int64_t count_rows(Db& db, const std::string& table) {
  auto s = db.prepare("SELECT count(*) FROM " + table);
  s.step();
  return s.column_int(0);
}

template <typename From, typename To>
std::int64_t copy_rows(From& from, To& to, const std::string& table) {
  const std::vector<Column> columns = columns_of(from, table);
  std::string names;
  std::string placeholders;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    names += (i ? ", " : "") + columns[i].name;
    placeholders += (i ? ", $" : "$") + std::to_string(i + 1);
  }
  auto read = from.prepare("SELECT " + names + " FROM " + table);
  const std::string insert = "INSERT INTO " + table + " (" + names + ") VALUES (" + placeholders + ")";
  std::int64_t rows = 0;
  while (read.step()) {
    auto write = to.prepare(insert);
    for (std::size_t i = 0; i < columns.size(); ++i) {
      const int column = static_cast<int>(i);
      if (read.column_is_null(column)) {
        write.bind_null(column + 1);
        continue;
      }
      switch (columns[i].kind) {
        case Kind::kInteger: write.bind(column + 1, read.column_int(column)); break;
        case Kind::kReal: write.bind_real(column + 1, read.column_real(column)); break;
        case Kind::kText: write.bind(column + 1, read.column_text(column)); break;
        case Kind::kBytes: write.bind_blob(column + 1, read.column_blob(column)); break;
      }
    }
    write.run();
    ++rows;
  }
  after_rows(to, table, columns);
  return rows;
}

template <typename From, typename To>
Expected<std::vector<CopiedTable>, CopyRefusal> copy_between(From& from, To& to,
                                                           const std::function<void(const CopiedTable&)>& progress) {
  const int latest = Database::latest_schema_version();
  if (const int version = from.schema_version(); version != latest) {
    return unexpected(CopyRefusal{"the source's schema is version " + std::to_string(version) + ", this spb's is " +
                                  std::to_string(latest) + ": start this spb's `spb serve` on it once first"});
  }
  to.migrate();
  const auto known = [](const std::string& name) {
    return std::find(kTables.begin(), kTables.end(), name) != kTables.end();
  };
  for (const std::string& name : table_names(from)) {
    if (!known(name)) {
      return unexpected(CopyRefusal{"the source has a table this spb's migrate does not know: " + name});
    }
  }
  for (const char* table : kTables) {
    if (count_rows(to, table) > 0) {
      return unexpected(CopyRefusal{std::string("the target is not empty (table ") + table +
                                    " has rows): migrate copies into an empty database only"});
    }
  }
  std::vector<CopiedTable> copied;
  begin(to);
  try {
    for (const char* table : kTables) copied.push_back(CopiedTable{table, copy_rows(from, to, table), 0});
    commit(to);
  } catch (...) {
    rollback(to);
    throw;
  }
  for (CopiedTable& table : copied) {
    table.target_rows = count_rows(to, table.name);
    if (progress) progress(table);
  }
  return copied;
}

template <typename From>
Expected<std::vector<CopiedTable>, CopyRefusal> copy_from(From& from, const std::string& to,
                                                        const std::function<void(const CopiedTable&)>& progress) {
  if (backend_kind(to) == BackendKind::kPostgresql) {
    PgConnection target(to);
    return copy_between(from, target, progress);
  }
  Database target(to);
  return copy_between(from, target, progress);
}

}  // namespace

Expected<std::vector<CopiedTable>, CopyRefusal> copy_database(
    const std::string& from, const std::string& to, const std::function<void(const CopiedTable&)>& progress) {
  if (from == to) return unexpected(CopyRefusal{"--from and --to name the same database"});
  if (backend_kind(from) == BackendKind::kPostgresql) {
    PgConnection source(from);
    return copy_from(source, to, progress);
  }
  // Opening would create a missing file: a typo must not look like an empty site.
  if (!std::filesystem::is_regular_file(from)) return unexpected(CopyRefusal{"there is no database at " + from});
  Database source(from);
  return copy_from(source, to, progress);
}

}  // namespace sp::server
