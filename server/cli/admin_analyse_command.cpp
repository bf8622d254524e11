// spb admin analyse: the seat-honest analysis of a stored finished game
// (issue 39, docs/analysis.md): its log replayed as every tool replays it
// (server/table/log_replay.hpp), then each seat's decisions judged from what
// that seat could see (engine/analysis/), printed as text or JSON.
#include <algorithm>
#include <iostream>

#include "server/cli/admin_database.hpp"
#include "server/cli/analysis_report.hpp"
#include "server/cli/commands.hpp"
#include "server/table/log_replay.hpp"

namespace sp::cli {
namespace {

constexpr const char* kUsage =
    "usage: spb admin analyse [--db PATH] --table ID [--seat N] [--json] [--deals D] [--candidates C]\n"
    "Analyses the finished game of table ID: for each decision of each seat (or of seat N only),\n"
    "the alternatives the strongest robot level considers and the choice made, played out on D\n"
    "imagined deals (64) drawn from what that seat could see then, with the expected final points,\n"
    "winning chance and cost of each; then each seat's summary: points lost by phase and by kind,\n"
    "the costliest decisions and an accuracy. C is the number of best-worth alternatives tried (4).\n"
    "The time grows with D x C; docs/analysis.md has it measured at the defaults.\n"
    "--json prints one JSON document (its shape in docs/analysis.md). A game in progress is refused.\n";

int refuse(const std::string& why) {
  std::cerr << "spb admin analyse: " << why << "\n";
  return 2;
}

}  // namespace

int run_admin_analyse_command(const std::vector<std::string>& arguments) {
  std::vector<std::string> args = arguments;
  const bool json = take_switch(args, "json");
  std::string error;
  const auto flags = Flags::parse(args, {"db", "table", "seat", "deals", "candidates"}, error);
  std::string path;
  std::optional<std::uint64_t> table, seat, deals, candidates;
  if (flags) {
    path = admin_database_path(*flags, error);
    table = flags->number("table", 0, 1, INT64_MAX, error);
    if (flags->get("seat")) seat = flags->number("seat", 0, 0, 4, error);
    const engine::AnalysisDepth defaults;
    deals = flags->number("deals", static_cast<std::uint64_t>(defaults.deals), 1, 100000, error);
    candidates = flags->number("candidates", static_cast<std::uint64_t>(defaults.candidates), 1, 100, error);
    if (!flags->get("table")) error = "give --table ID";
    if (!flags->positional().empty()) error = "unexpected argument " + flags->positional().front();
  }
  if (!error.empty()) {
    std::cerr << "spb admin analyse: " << error << "\n\n" << kUsage;
    return 2;
  }
  const auto db = open_existing_database(path, error);
  if (!db) return refuse(error);
  const auto id = static_cast<std::int64_t>(*table);
  const auto record = db->records().load_table(id);
  if (!record) return refuse("there is no table " + std::to_string(id) + " in " + path);
  if (record->status != server::TableStatus::kFinished) {
    return refuse("table " + std::to_string(id) + " is " + std::string(protocol::to_string(record->status)) +
                  ": only a finished game is analysed");
  }
  if (seat && static_cast<int>(*seat) >= record->player_count) {
    return refuse("table " + std::to_string(id) + " has no seat " + std::to_string(*seat));
  }

  std::vector<engine::LoggedAction> log;
  std::vector<server::Actor> actors;
  server::LogReplay replay(*record);
  for (const server::MoveRecord& move : db->records().load_moves(id)) {
    if (!replay.apply(move, true, nullptr)) break;
    log.push_back(replay.last());
    actors.push_back(move.actor);
  }
  if (!replay.ok() || !replay.finish(*record)) {
    std::cerr << "spb admin analyse: table " << id << " does not replay: " << replay.divergence()->describe() << "\n";
    return 1;
  }

  AnalysisReport report{id, record->player_count,
                        engine::AnalysisDepth{static_cast<int>(*candidates), static_cast<int>(*deals)}, {}};
  for (int s = 0; s < record->player_count; ++s) {
    if (seat && static_cast<int>(*seat) != s) continue;
    auto analysis = engine::analyse_seat(replay.setup(), log, engine::Seat{static_cast<std::uint8_t>(s)}, report.depth);
    if (!analysis) return refuse("table " + std::to_string(id) + ": " + analysis.error().message);
    const auto named = std::find_if(record->seats.begin(), record->seats.end(),
                                    [s](const server::SeatRecord& r) { return r.seat == s; });
    report.seats.push_back(seat_report(s, named == record->seats.end() ? "" : named->name, std::move(*analysis), actors));
  }
  if (json) {
    write_analysis_json(report, std::cout);
  } else {
    write_analysis_text(report, std::cout);
  }
  return 0;
}

}  // namespace sp::cli
