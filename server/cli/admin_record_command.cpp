// spb admin export and spb admin import: game records (docs/records.md).
#include <fstream>
#include <iostream>

#include "server/table/game_record.hpp"
#include "server/base/clock.hpp"
#include "server/table/table.hpp"
#include "server/cli/admin_database.hpp"
#include "server/cli/commands.hpp"
#include "server/store/store.hpp"

namespace sp::cli {
namespace {

constexpr const char* kExportUsage =
    "usage: spb admin export [--db PATH] (--table ID | --all) [--out FILE]\n"
    "Writes the record of table ID, or of every started table, as JSON lines (docs/records.md)\n"
    "to FILE or to the standard output. Each table is replayed and verified first; a table that\n"
    "does not replay is not written (the reason goes to the standard error, exit status 1).\n";

constexpr const char* kImportUsage =
    "usage: spb admin import [--db PATH] --from FILE\n"
    "Loads the records of FILE into the database (created if missing) under new table ids,\n"
    "after replaying each one and checking every state hash. Anything wrong (an unknown format\n"
    "version, a file cut short, an illegal move, another hash) is reported and nothing is written.\n";

}  // namespace

int run_admin_export_command(const std::vector<std::string>& arguments) {
  std::vector<std::string> args = arguments;
  const bool all = take_switch(args, "all");
  std::string error;
  const auto flags = Flags::parse(args, {"db", "table", "out"}, error);
  std::string path;
  std::optional<std::uint64_t> table;
  if (flags) {
    path = admin_database_path(*flags, error);
    if (flags->get("table")) table = flags->number("table", 0, 1, INT64_MAX, error);
    if (all == flags->get("table").has_value()) error = "give either --table ID or --all";
    if (!flags->positional().empty()) error = "unexpected argument " + flags->positional().front();
  }
  if (!error.empty()) {
    std::cerr << "spb admin export: " << error << "\n\n" << kExportUsage;
    return 2;
  }
  const auto db = open_existing_database(path, error);
  if (!db) {
    std::cerr << "spb admin export: " << error << "\n";
    return 2;
  }
  std::vector<std::int64_t> ids;
  if (table) {
    const auto record = db->records().load_table(static_cast<std::int64_t>(*table));
    if (!record) {
      std::cerr << "spb admin export: there is no table " << *table << " in " << path << "\n";
      return 2;
    }
    ids.push_back(record->id);
  } else {
    ids = db->records().started_table_ids();
  }
  std::ofstream file;
  if (const auto out = flags->get("out")) {
    file.open(*out, std::ios::out | std::ios::trunc);
    if (!file) {
      std::cerr << "spb admin export: cannot write " << *out << "\n";
      return 2;
    }
  }
  std::ostream& out = file.is_open() ? static_cast<std::ostream&>(file) : std::cout;
  int status = 0;
  std::size_t written = 0;
  for (std::int64_t id : ids) {
    const auto record = db->records().load_table(id);
    const auto game = server::record_of(*record, db->records().load_moves(id));
    if (!game) {
      std::cerr << "spb admin export: table " << id << " is not exported: " << game.error().describe() << "\n";
      status = table ? 2 : 1;
      continue;
    }
    game->write_lines(out);
    ++written;
  }
  out.flush();
  if (!out) {
    std::cerr << "spb admin export: the records could not be written\n";
    return 1;
  }
  if (file.is_open()) std::cerr << written << " table records written to " << *flags->get("out") << "\n";
  return status;
}

int run_admin_import_command(const std::vector<std::string>& args) {
  std::string error;
  const auto flags = Flags::parse(args, {"db", "from"}, error);
  std::string path;
  if (flags) {
    path = admin_database_path(*flags, error);
    if (!flags->get("from")) error = "give --from FILE";
    if (!flags->positional().empty()) error = "unexpected argument " + flags->positional().front();
  }
  if (!error.empty()) {
    std::cerr << "spb admin import: " << error << "\n\n" << kImportUsage;
    return 2;
  }
  std::ifstream in(*flags->get("from"));
  if (!in) {
    std::cerr << "spb admin import: cannot read " << *flags->get("from") << "\n";
    return 2;
  }
  std::unique_ptr<server::StoreBackend> backend;
  try {
    backend = server::open_migrated_backend(path, true);
  } catch (const server::DatabaseError& e) {
    std::cerr << "spb admin import: the database " << server::printable_location(path)
              << " cannot be used: " << e.what() << "\n";
    return 2;
  }
  server::Store store(std::move(backend), server::StoreOptions{}.max_batch);
  std::optional<Expected<std::vector<server::ImportedTable>, server::ImportError>> outcome;
  store.run_sync([&](server::Records& db) {
    outcome = server::import_records(db, in, server::SystemClock().now(), "command line");
  });
  const auto& imported = *outcome;
  if (!imported) {
    std::cerr << "spb admin import: " << *flags->get("from")
              << (imported.error().line ? ":" + std::to_string(imported.error().line) : std::string()) << ": "
              << imported.error().message << "\nNothing was imported.\n";
    return 1;
  }
  for (const server::ImportedTable& t : *imported) {
    std::cout << "table " << t.source_table << " imported as table " << t.table << ": " << t.moves
              << " moves replayed, final state " << t.state_hash << "\n";
  }
  return 0;
}

}  // namespace sp::cli
