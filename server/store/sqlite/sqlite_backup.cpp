#include "server/store/sqlite/sqlite_backup.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <optional>

#include "server/store/sqlite/database.hpp"
#include "server/store/sqlite/sqlite_records.hpp"

namespace sp::server {
namespace {

namespace fs = std::filesystem;

// Pages copied per backup step (4 MiB with SQLite's default page size).
constexpr int kPagesPerStep = 1024;

// One raw SQLite connection, for the opens the store's Database does not make:
// read-only, without creating, without switching to WAL.
class SqliteFile {
 public:
  SqliteFile(const std::string& path, int flags, const std::string& what) {
    if (sqlite3_open_v2(path.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
      const std::string message = db_ != nullptr ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      db_ = nullptr;
      throw BackupError("cannot open " + what + " " + path + ": " + message);
    }
    sqlite3_busy_timeout(db_, 5000);
  }
  ~SqliteFile() { sqlite3_close(db_); }
  SqliteFile(const SqliteFile&) = delete;
  SqliteFile& operator=(const SqliteFile&) = delete;

  sqlite3* handle() { return db_; }

  void exec(const std::string& sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
      const std::string message = error != nullptr ? error : sqlite3_errmsg(db_);
      sqlite3_free(error);
      throw BackupError(message);
    }
  }

  // Every row's first column, as text.
  std::vector<std::string> column(const std::string& sql) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) throw BackupError(sqlite3_errmsg(db_));
    std::vector<std::string> rows;
    int rc = SQLITE_ROW;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
      const auto* text = sqlite3_column_text(stmt, 0);
      rows.emplace_back(text == nullptr ? "" : reinterpret_cast<const char*>(text));
    }
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE) throw BackupError(sqlite3_errmsg(db_));
    return rows;
  }

  std::int64_t number(const std::string& sql) {
    const auto rows = column(sql);
    return rows.empty() ? 0 : std::stoll(rows.front());
  }

  // Closes now, reporting a failure (the last writes are flushed by close).
  void close() {
    if (sqlite3_close(db_) != SQLITE_OK) throw BackupError(std::string("close: ") + sqlite3_errmsg(db_));
    db_ = nullptr;
  }

 private:
  sqlite3* db_ = nullptr;
};

// Removes a file on scope exit unless kept: the temporary copies.
class TemporaryFile {
 public:
  explicit TemporaryFile(std::string path) : path_(std::move(path)) { remove_all_of(); }
  ~TemporaryFile() {
    if (!kept_) remove_all_of();
  }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  const std::string& path() const { return path_; }
  void keep() { kept_ = true; }

 private:
  void remove_all_of() {
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(path_ + suffix, ignored);
  }
  std::string path_;
  bool kept_ = false;
};

std::string utc_stamp() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  std::array<char, 32> text{};
  std::strftime(text.data(), text.size(), "%Y%m%dT%H%M%SZ", &utc);
  return text.data();
}

void sync_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  const int error = fd < 0 || ::fsync(fd) != 0 ? errno : 0;
  if (fd >= 0) ::close(fd);
  if (error != 0) throw BackupError("cannot flush " + path + " to disk: " + std::strerror(error));
}

// Makes a rename durable: the folder's entry must reach the disk too.
void sync_folder(const fs::path& file) {
  const fs::path folder = file.has_parent_path() ? file.parent_path() : fs::path(".");
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) throw BackupError("cannot open the folder " + folder.string() + ": " + std::strerror(errno));
  const int rc = ::fsync(fd);
  ::close(fd);
  if (rc != 0) throw BackupError("cannot flush the folder " + folder.string() + ": " + std::strerror(errno));
}

void rename_or_throw(const std::string& from, const std::string& to) {
  std::error_code ec;
  fs::rename(from, to, ec);
  if (ec) throw BackupError("cannot rename " + from + " to " + to + ": " + ec.message());
}

std::uint32_t big_endian(const unsigned char* bytes, int count) {
  std::uint32_t value = 0;
  for (int i = 0; i < count; ++i) value = (value << 8) | bytes[i];
  return value;
}

// Refuses a file that is not a whole SQLite database before SQLite reads it:
// a cut file is named as such rather than as "malformed".
void check_file_shape(const std::string& path, const std::string& what) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) throw BackupError("there is no " + what + " at " + path);
  const auto size = static_cast<std::int64_t>(fs::file_size(path, ec));
  std::array<unsigned char, 100> header{};
  std::ifstream in(path, std::ios::binary);
  in.read(reinterpret_cast<char*>(header.data()), header.size());
  static constexpr char kMagic[] = "SQLite format 3";
  if (!in || std::memcmp(header.data(), kMagic, sizeof kMagic) != 0) {
    throw BackupError(path + " is not an SQLite database (" + std::to_string(size) + " bytes, no SQLite header)");
  }
  const std::uint32_t raw_page_size = big_endian(&header[16], 2);
  const std::int64_t page_size = raw_page_size == 1 ? 65536 : raw_page_size;
  if (page_size < 512 || (page_size & (page_size - 1)) != 0) {
    throw BackupError(path + " has a damaged header (page size " + std::to_string(page_size) + ")");
  }
  // The header's page count is valid when its version stamp matches its change counter.
  const bool count_valid = big_endian(&header[92], 4) == big_endian(&header[24], 4);
  const std::int64_t pages = big_endian(&header[28], 4);
  if (count_valid && size < pages * page_size) {
    throw BackupError(path + " is truncated: it has " + std::to_string(size) + " bytes, its header says " +
                      std::to_string(pages) + " pages of " + std::to_string(page_size) + " bytes (" +
                      std::to_string(pages * page_size) + ")");
  }
  if (size % page_size != 0) {
    throw BackupError(path + " is truncated: " + std::to_string(size) + " bytes is not a whole number of " +
                      std::to_string(page_size) + "-byte pages");
  }
}

// integrity_check's findings (at most a few), or empty when it says ok.
std::string integrity_problems(SqliteFile& db) {
  std::vector<std::string> rows;
  try {
    rows = db.column("PRAGMA integrity_check(5)");
  } catch (const BackupError& e) {
    return e.what();
  }
  if (rows.size() == 1 && rows.front() == "ok") return {};
  std::string joined;
  for (const std::string& row : rows) joined += (joined.empty() ? "" : "; ") + row;
  return joined;
}

// The schema version of an spb database, refusing one this binary cannot read.
int checked_schema_version(SqliteFile& db, const std::string& path) {
  const int version = static_cast<int>(db.number("PRAGMA user_version"));
  const int latest = Database::latest_schema_version();
  if (version == 0) throw BackupError(path + " is not an spb database (it has no schema version)");
  if (version > latest) {
    throw BackupError(path + " has schema version " + std::to_string(version) + ", newer than this spb knows (" +
                      std::to_string(latest) + "): use the spb release that wrote it");
  }
  return version;
}

// Copies `from` (whose read transaction, if open, is the snapshot) into `to`.
void copy_pages(SqliteFile& from, SqliteFile& to) {
  sqlite3_backup* backup = sqlite3_backup_init(to.handle(), "main", from.handle(), "main");
  if (backup == nullptr) throw BackupError(std::string("backup: ") + sqlite3_errmsg(to.handle()));
  int rc = SQLITE_OK;
  do {
    rc = sqlite3_backup_step(backup, kPagesPerStep);
    if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) sqlite3_sleep(10);
  } while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) throw BackupError(std::string("backup: ") + sqlite3_errstr(rc));
}

// A self-contained single file: no -wal beside it to lose on the way.
void make_single_file(SqliteFile& db) {
  const auto mode = db.column("PRAGMA journal_mode = DELETE");
  if (mode.empty() || mode.front() != "delete") throw BackupError("could not leave WAL mode");
}

std::int64_t count_rows(SqliteFile& db, const char* table) {
  return db.number(std::string("SELECT count(*) FROM ") + table);
}

// Fails when another process holds any lock on `path`: a running server keeps
// a shared lock on its database and on its -shm file while it has them open.
void refuse_if_in_use(const std::string& path, const std::string& target) {
  const int fd = ::open(path.c_str(), O_RDWR);
  if (fd < 0) return;
  struct flock probe {};
  probe.l_type = F_WRLCK;
  probe.l_whence = SEEK_SET;
  const bool queried = ::fcntl(fd, F_GETLK, &probe) == 0;
  ::close(fd);
  if (queried && probe.l_type != F_UNLCK) {
    throw BackupError(target + " is in use by process " + std::to_string(probe.l_pid) +
                      " (a running spb serve?): stop it first. Nothing was changed");
  }
}

std::string aside_name(const std::string& target) {
  const std::string base = target + ".before-restore-" + utc_stamp();
  std::string name = base;
  for (int n = 2; fs::exists(name) || fs::exists(name + "-wal"); ++n) name = base + "-" + std::to_string(n);
  return name;
}

// Moves the old database (with its -wal/-shm/-journal) aside and the candidate
// into its place; returns where the old one went.
std::string install(TemporaryFile& candidate, const std::string& target) {
  std::string aside;
  if (fs::exists(target)) {
    refuse_if_in_use(target, target);
    refuse_if_in_use(target + "-shm", target);
    aside = aside_name(target);
    rename_or_throw(target, aside);
    for (const char* suffix : {"-wal", "-shm", "-journal"}) {
      if (fs::exists(target + suffix)) rename_or_throw(target + suffix, aside + suffix);
    }
  }
  rename_or_throw(candidate.path(), target);
  candidate.keep();
  sync_folder(target);
  return aside;
}

// Brings the candidate to this binary's schema and lets `prove` read it.
bool prove_candidate(const std::string& candidate, const std::function<bool(Records&)>& prove) {
  std::optional<Database> opened;
  try {
    opened.emplace(candidate);
    opened->migrate();
  } catch (const DatabaseError& e) {
    throw BackupError(std::string("the backup cannot be brought to this spb's schema: ") + e.what());
  }
  SqliteRecords records(*opened);
  return prove(records);
}

}  // namespace

BackupSummary backup_database(const std::string& database, const std::string& destination) {
  if (!fs::is_regular_file(database)) throw BackupError("there is no database at " + database);
  BackupSummary summary;
  summary.file = fs::is_directory(destination) ? (fs::path(destination) / ("spb-" + utc_stamp() + ".sqlite")).string()
                                               : destination;
  if (fs::absolute(summary.file) == fs::absolute(database)) throw BackupError("the backup would overwrite the database");
  TemporaryFile partial(summary.file + ".partial-" + std::to_string(::getpid()));

  SqliteFile source(database, SQLITE_OPEN_READWRITE, "the database");
  SqliteFile copy(partial.path(), SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, "the backup file");
  // One read transaction for the whole copy: every step sees the same snapshot.
  try {
    source.exec("BEGIN");
    summary.schema_version = checked_schema_version(source, database);
    copy_pages(source, copy);
    source.exec("COMMIT");
  } catch (const BackupError& e) {
    throw BackupError("cannot copy " + database + ": " + e.what());
  }

  make_single_file(copy);
  if (const std::string problems = integrity_problems(copy); !problems.empty()) {
    throw BackupError("the copy does not pass integrity_check (" + problems + "); no backup was written");
  }
  if (copy.number("PRAGMA user_version") != summary.schema_version) {
    throw BackupError("the copy's schema version differs from the database's; no backup was written");
  }
  summary.tables = count_rows(copy, "game_tables");
  summary.moves = count_rows(copy, "moves");
  copy.close();
  check_file_shape(partial.path(), "backup");
  sync_file(partial.path());
  summary.bytes = static_cast<std::int64_t>(fs::file_size(partial.path()));
  rename_or_throw(partial.path(), summary.file);
  partial.keep();
  sync_folder(summary.file);
  return summary;
}

CopyRestored restore_copy(const std::string& backup, const std::string& target, bool check_only,
                          const std::function<bool(Records&)>& prove) {
  check_file_shape(backup, "backup file");
  CopyRestored outcome;
  const std::string candidate_path =
      check_only ? (fs::temp_directory_path() / ("spb-restore-check-" + std::to_string(::getpid()) + ".sqlite")).string()
                 : target + ".restoring-" + std::to_string(::getpid());
  if (!check_only && fs::path(target).has_parent_path()) fs::create_directories(fs::path(target).parent_path());
  TemporaryFile candidate(candidate_path);
  {
    SqliteFile source(backup, SQLITE_OPEN_READONLY, "the backup");
    if (const std::string problems = integrity_problems(source); !problems.empty()) {
      throw BackupError(backup + " is damaged (integrity_check: " + problems + "). Nothing was changed");
    }
    outcome.schema_version = checked_schema_version(source, backup);
    SqliteFile copy(candidate.path(), SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, "the restore's copy");
    copy_pages(source, copy);
    copy.close();
  }
  const bool proven = prove_candidate(candidate.path(), prove);
  if (check_only || !proven) return outcome;
  {
    SqliteFile copy(candidate.path(), SQLITE_OPEN_READWRITE, "the restore's copy");
    make_single_file(copy);
    copy.close();
  }
  outcome.moved_aside = install(candidate, target);
  outcome.installed = true;
  return outcome;
}

}  // namespace sp::server
