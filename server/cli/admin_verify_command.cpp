// spb admin verify: replays every stored table from its seed and reports, per
// table, ok or the first move where the replay diverges.
#include <chrono>
#include <iostream>

#include "server/admin/verify.hpp"
#include "server/cli/admin_database.hpp"
#include "server/cli/commands.hpp"

namespace sp::cli {
namespace {

constexpr const char* kUsage =
    "usage: spb admin verify [--db PATH] [--table ID] [--quiet]\n"
    "Replays every started table (or table ID) from its seed, checks every move's stored\n"
    "state hash and the table's move count, last hash and status, and prints a line per\n"
    "table: ok, or the first move where the replay diverges (only those with --quiet).\n"
    "Exit status 0 when every table replays, 1 otherwise.\n";

void print(const server::TableCheck& check, bool quiet) {
  if (check.divergence) {
    std::cout << "table " << check.table << " (" << check.status << "): DIVERGES at " << check.divergence->describe()
              << "\n";
  } else if (!check.not_replayed.empty()) {
    std::cout << "table " << check.table << " (" << check.status << "): not replayed: " << check.not_replayed << "\n";
  } else if (!quiet) {
    std::cout << "table " << check.table << " (" << check.status << "): ok, " << check.moves << " moves\n";
  }
}

}  // namespace

int run_admin_verify_command(const std::vector<std::string>& arguments) {
  std::vector<std::string> args = arguments;
  const bool quiet = take_switch(args, "quiet");
  std::string error;
  const auto flags = Flags::parse(args, {"db", "table"}, error);
  std::string path;
  std::optional<std::uint64_t> table;
  if (flags) {
    path = admin_database_path(*flags, error);
    if (flags->get("table")) table = flags->number("table", 0, 1, INT64_MAX, error);
    if (!flags->positional().empty()) error = "unexpected argument " + flags->positional().front();
  }
  if (!error.empty()) {
    std::cerr << "spb admin verify: " << error << "\n\n" << kUsage;
    return 2;
  }
  const auto db = open_existing_database(path, error);
  if (!db) {
    std::cerr << "spb admin verify: " << error << "\n";
    return 2;
  }
  if (table) {
    const auto check = server::verify_table(db->records(), static_cast<std::int64_t>(*table));
    if (!check) {
      std::cerr << "spb admin verify: there is no started table " << *table << " in " << path << "\n";
      return 2;
    }
    print(*check, false);
    return check->divergence ? 1 : 0;
  }
  const auto start = std::chrono::steady_clock::now();
  const server::VerifySummary summary = server::verify_database(db->records(), [quiet](const server::TableCheck& c) { print(c, quiet); });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << summary.tables << " tables, " << summary.moves << " moves replayed in " << seconds << " s: "
            << summary.tables - summary.diverged - summary.not_replayed << " ok, " << summary.diverged << " diverge";
  if (summary.not_replayed > 0) std::cout << ", " << summary.not_replayed << " of another card set not replayed";
  std::cout << "\n";
  return summary.diverged > 0 ? 1 : 0;
}

}  // namespace sp::cli
