// spb admin migrate: copies a whole database between SQLite and PostgreSQL
// (server/store/database_copy.hpp), then proves the copy: every table's rows
// counted on both sides, every started table replayed from its seed in the
// target as spb admin verify does.
#include <iostream>

#include "server/admin/verify.hpp"
#include "server/cli/admin_database.hpp"
#include "server/cli/commands.hpp"
#include "server/store/database_copy.hpp"

namespace sp::cli {
namespace {

constexpr const char* kUsage =
    "usage: spb admin migrate --from DB --to DB\n"
    "Copies every row of the database FROM into the database TO, each an SQLite file or a\n"
    "PostgreSQL URI (postgresql://USER@HOST/DBNAME) or key=value string. TO is created (SQLite)\n"
    "and migrated, must hold no row, and receives the copy in one transaction. Then each\n"
    "table's rows are counted on both sides and every started table in TO is replayed from\n"
    "its seed, checking every move's state hash. Stop spb serve on FROM first.\n"
    "Exit status 0 when the copy is whole and every table replays, 1 when not, 2 when\n"
    "nothing was copied.\n";

}  // namespace

int run_admin_migrate_command(const std::vector<std::string>& args) {
  std::string error;
  const auto flags = Flags::parse(args, {"from", "to"}, error);
  if (flags) {
    if (!flags->get("from")) error = "give --from DB";
    if (!flags->get("to")) error = "give --to DB";
    if (!flags->positional().empty()) error = "unexpected argument " + flags->positional().front();
  }
  if (!error.empty()) {
    std::cerr << "spb admin migrate: " << error << "\n\n" << kUsage;
    return 2;
  }
  const std::string from = *flags->get("from");
  const std::string to = *flags->get("to");
  bool whole = true;
  try {
    const auto copied = server::copy_database(from, to, [&whole](const server::CopiedTable& t) {
      std::cout << t.name << ": " << t.rows << " rows copied";
      if (t.target_rows != t.rows) {
        std::cout << ", but the target holds " << t.target_rows;
        whole = false;
      }
      std::cout << "\n";
    });
    if (!copied) {
      std::cerr << "spb admin migrate: " << copied.error().message << "\nNothing was copied.\n";
      return 2;
    }
  } catch (const server::DatabaseError& e) {
    std::cerr << "spb admin migrate: " << e.what() << "\nNothing was copied.\n";
    return 2;
  }
  const auto target = open_existing_database(to, error);
  if (!target) {
    std::cerr << "spb admin migrate: " << error << "\n";
    return 1;
  }
  const server::VerifySummary summary = server::verify_database(target->records(), [](const server::TableCheck& c) {
    if (c.divergence) std::cout << "table " << c.table << ": DIVERGES at " << c.divergence->describe() << "\n";
  });
  std::cout << "copy of " << server::printable_location(from) << " in " << server::printable_location(to) << ": "
            << summary.tables << " tables, " << summary.moves << " moves replayed: "
            << summary.tables - summary.diverged - summary.not_replayed << " ok, " << summary.diverged << " diverge";
  if (summary.not_replayed > 0) std::cout << ", " << summary.not_replayed << " of another card set not replayed";
  std::cout << "\n";
  return whole && summary.diverged == 0 ? 0 : 1;
}

}  // namespace sp::cli
