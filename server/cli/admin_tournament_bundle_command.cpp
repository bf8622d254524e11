// spb admin tournament-bundle: a finished tournament's results bundle
// (docs/tournaments.md "Checking the results"), as the tournament_bundle
// request gives it, written from the database.
#include <fstream>
#include <iostream>

#include "protocol/tournament_bundle.hpp"
#include "server/cli/admin_database.hpp"
#include "server/cli/commands.hpp"
#include "server/store/store.hpp"
#include "server/tournament/tournament_bundle.hpp"

namespace sp::cli {
namespace {

constexpr const char* kUsage =
    "usage: spb admin tournament-bundle [--db PATH] --tournament ID [--out FILE]\n"
    "Writes the results bundle of finished tournament ID (docs/tournaments.md \"Checking the results\"):\n"
    "the tournament, its entrants, byes and standings, then every table's game record, each replayed\n"
    "and verified first, as JSON lines to FILE or the standard output. Check it with\n"
    "spb verify-tournament FILE. Exit status: 0 written, 1 a table does not replay, 2 bad input or a\n"
    "tournament not finished.\n";

}  // namespace

int run_admin_tournament_bundle_command(const std::vector<std::string>& args) {
  std::string error;
  const auto flags = Flags::parse(args, {"db", "tournament", "out"}, error);
  std::string path;
  std::optional<std::uint64_t> id;
  if (flags) {
    path = admin_database_path(*flags, error);
    if (!flags->get("tournament")) error = "give --tournament ID";
    else id = flags->number("tournament", 0, 1, INT64_MAX, error);
    if (!flags->positional().empty()) error = "unexpected argument " + flags->positional().front();
  }
  if (!error.empty()) {
    std::cerr << "spb admin tournament-bundle: " << error << "\n\n" << kUsage;
    return 2;
  }
  const auto db = open_existing_database(path, error);
  if (!db) {
    std::cerr << "spb admin tournament-bundle: " << error << "\n";
    return 2;
  }
  const auto t = db->records().load_tournament(static_cast<std::int64_t>(*id));
  if (!t) {
    std::cerr << "spb admin tournament-bundle: there is no tournament " << *id << " in " << path << "\n";
    return 2;
  }
  if (t->status != server::TournamentStatus::kFinished) {
    std::cerr << "spb admin tournament-bundle: tournament " << *id << " is " << protocol::to_string(t->status)
              << ": a bundle is made once it has finished\n";
    return 2;
  }
  const auto bundle = server::bundle_of(server::read_tournament_rows(db->records(), *t));
  if (!bundle) {
    std::cerr << "spb admin tournament-bundle: " << bundle.error() << "\n";
    return 1;
  }
  std::ofstream file;
  if (const auto out = flags->get("out")) {
    file.open(*out, std::ios::out | std::ios::trunc);
    if (!file) {
      std::cerr << "spb admin tournament-bundle: cannot write " << *out << "\n";
      return 2;
    }
  }
  std::ostream& out = file.is_open() ? static_cast<std::ostream&>(file) : std::cout;
  bundle->write_lines(out);
  out.flush();
  if (!out) {
    std::cerr << "spb admin tournament-bundle: the bundle could not be written\n";
    return 1;
  }
  if (file.is_open()) {
    std::cerr << "the bundle of " << t->name << " (" << bundle->tables.size() << " tables) written to "
              << *flags->get("out") << "\n";
  }
  return 0;
}

}  // namespace sp::cli
