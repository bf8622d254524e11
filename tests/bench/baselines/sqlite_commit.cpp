// Baseline: SQLite commits a second in WAL mode with synchronous=FULL, one
// small row (a move's size) per transaction, then many rows per transaction
// (what the server's group commit does under load).
//
// usage: baseline_sqlite_commit [DIR] [SECONDS]
#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <string>

namespace {

void check(int rc, sqlite3* db, const char* what) {
  if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
    std::fprintf(stderr, "%s: %s\n", what, sqlite3_errmsg(db));
    std::exit(1);
  }
}

// Inserts rows in transactions of `batch` rows for `seconds`; returns rows/s.
double run(sqlite3* db, int batch, double seconds, double& commits_per_second) {
  sqlite3_stmt* insert = nullptr;
  check(sqlite3_prepare_v2(db, "INSERT INTO moves (action, hash) VALUES (?, ?)", -1, &insert, nullptr), db,
        "prepare");
  const std::string action = R"({"type":"buy","card":"market","from":"upper"})";
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  long rows = 0;
  long commits = 0;
  while (std::chrono::duration<double>(clock::now() - start).count() < seconds) {
    check(sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr), db, "begin");
    for (int i = 0; i < batch; ++i) {
      sqlite3_bind_text(insert, 1, action.data(), static_cast<int>(action.size()), SQLITE_STATIC);
      sqlite3_bind_text(insert, 2, "0123456789abcdef", 16, SQLITE_STATIC);
      check(sqlite3_step(insert), db, "insert");
      sqlite3_reset(insert);
      ++rows;
    }
    check(sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr), db, "commit");
    ++commits;
  }
  const double elapsed = std::chrono::duration<double>(clock::now() - start).count();
  sqlite3_finalize(insert);
  commits_per_second = static_cast<double>(commits) / elapsed;
  return static_cast<double>(rows) / elapsed;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  const double seconds = argc > 2 ? std::stod(argv[2]) : 3.0;
  const std::string path = dir + "/baseline_sqlite_commit.sqlite";
  std::remove(path.c_str());
  sqlite3* db = nullptr;
  check(sqlite3_open(path.c_str(), &db), db, "open");
  check(sqlite3_exec(db,
                     "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; "
                     "CREATE TABLE moves (id INTEGER PRIMARY KEY, action TEXT, hash TEXT)",
                     nullptr, nullptr, nullptr),
        db, "setup");
  for (const int batch : {1, 10, 100}) {
    double commits = 0;
    const double rows = run(db, batch, seconds, commits);
    std::printf("sqlite WAL synchronous=FULL: %3d row(s)/transaction: %.0f commits/s, %.0f rows/s\n", batch, commits,
                rows);
  }
  sqlite3_close(db);
  for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path + suffix).c_str());
  return 0;
}
