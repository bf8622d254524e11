// spb admin replay: rebuilds a stored table from its seed, options and moves
// and prints each move in words, with the price the engine computed and why,
// then the state after the chosen move (server/admin/replay_report.hpp).
#include <iostream>

#include "protocol/language_list.hpp"
#include "server/admin/replay_report.hpp"
#include "server/cli/admin_database.hpp"
#include "server/cli/commands.hpp"
#include "server/store/records.hpp"

namespace sp::cli {
namespace {

std::string usage() {
  std::string codes;
  for (const protocol::Language language : protocol::all_languages()) {
    codes += (codes.empty() ? "" : "|") + std::string(protocol::to_string(language));
  }
  return "usage: spb admin replay [--db PATH] --table ID [--to MOVE] [--seat N] [--language " + codes +
         "] [--verify]\n"
         "Replays table ID from its seed and move log up to MOVE (default: the last move; 0 is the\n"
         "deal) and prints each move in words with the price paid and its reasons, then the state\n"
         "after MOVE: the administrator's view, or seat N's. With --verify every move's stored\n"
         "state hash is checked and the first move where the replay diverges is named (exit 1).\n"
         "--language words the moves and prices in another language of the site (default: English).\n";
}

}  // namespace

int run_admin_replay_command(const std::vector<std::string>& arguments) {
  std::vector<std::string> args = arguments;
  const bool verify = take_switch(args, "verify");
  std::string error;
  const auto flags = Flags::parse(args, {"db", "table", "to", "seat", "language"}, error);
  std::string path;
  std::optional<std::uint64_t> table, to, seat;
  protocol::Language words = protocol::Language::kEnglish;
  if (flags) {
    path = admin_database_path(*flags, error);
    table = flags->number("table", 0, 1, INT64_MAX, error);
    if (flags->get("to")) to = flags->number("to", 0, 0, INT64_MAX, error);
    if (flags->get("seat")) seat = flags->number("seat", 0, 0, 4, error);
    if (const auto language = flags->get("language")) {
      if (const auto listed = protocol::language_of_code(*language)) words = *listed;
      else error = "--language is " + protocol::language_codes_in_words();
    }
    if (!flags->get("table")) error = "give --table ID";
    if (!flags->positional().empty()) error = "unexpected argument " + flags->positional().front();
  }
  if (!error.empty()) {
    std::cerr << "spb admin replay: " << error << "\n\n" << usage();
    return 2;
  }
  const auto db = open_existing_database(path, error);
  if (!db) {
    std::cerr << "spb admin replay: " << error << "\n";
    return 2;
  }
  const auto id = static_cast<std::int64_t>(*table);
  const auto record = db->records().load_table(id);
  if (!record) {
    std::cerr << "spb admin replay: there is no table " << id << " in " << path << "\n";
    return 2;
  }
  server::ReplayRequest request;
  if (to) request.to = static_cast<std::int64_t>(*to);
  if (seat) request.seat = static_cast<int>(*seat);
  request.verify = verify;
  request.language = words;
  switch (server::write_replay_report(*record, db->records().load_moves(id), request, std::cout, error)) {
    case server::ReplayOutcome::kReplayed: return 0;
    case server::ReplayOutcome::kDiverged: return 1;
    case server::ReplayOutcome::kRefused:
      std::cerr << "spb admin replay: " << error << "\n";
      return 2;
  }
  return 2;
}

}  // namespace sp::cli
