// spb verify-tournament: anyone's check of a finished tournament's results
// bundle (docs/tournaments.md "Checking the results"): every game as spb
// verify-deal checks it (the same proof), then the standings and the pairing
// of every round recomputed with the server's own rules.
#include <fstream>
#include <iostream>
#include <sstream>

#include "protocol/tournament_bundle.hpp"
#include "server/admin/deal_proof.hpp"
#include "server/cli/commands.hpp"
#include "server/security/credentials.hpp"
#include "server/tournament/tournament_bundle.hpp"

namespace sp::cli {
namespace {

constexpr const char* kUsage =
    "usage: spb verify-tournament BUNDLE\n"
    "Checks a finished tournament's results bundle (spb admin tournament-bundle, or the tournament_bundle\n"
    "reply saved as JSON; - reads the standard input; docs/tournaments.md \"Checking the results\"):\n"
    "  every game as spb verify-deal checks it: the server's secret against its commitment, the seed,\n"
    "    and every move replayed against the recorded state hashes;\n"
    "  the tables against their records and the entrants;\n"
    "  the pairings: every round paired again from the games before it (the seeding, the standings,\n"
    "    who met whom, the round's public pairing seed) and compared table by table, seat by seat;\n"
    "  the standings: each finished game's places, final points and rubles taken from the replay,\n"
    "    abandoned seats placed last, the standings recomputed with the byes and compared row by row.\n"
    "Prints \"ok: ...\" or the first discrepancy in a sentence.\n"
    "Exit status: 0 verified, 1 a game's record is not proven or a table disagrees with it,\n"
    "2 unreadable, 4 the standings differ, 5 a pairing differs.\n";

constexpr const char* kName = "spb verify-tournament: ";

}  // namespace

int run_verify_tournament_command(const std::vector<std::string>& args) {
  if (args.size() != 1 || args.front() == "--help") {
    std::cerr << kUsage;
    return 2;
  }
  server::init_credentials();
  std::ifstream file;
  if (args.front() != "-") {
    file.open(args.front());
    if (!file) {
      std::cerr << kName << "cannot read " << args.front() << "\n";
      return 2;
    }
  }
  const auto bundle = protocol::read_bundle(file.is_open() ? static_cast<std::istream&>(file) : std::cin);
  if (!bundle) {
    std::cerr << kName << args.front() << ": " << bundle.error() << "\n";
    return 2;
  }
  std::cout << "Tournament " << bundle->id << " (" << bundle->name << "): " << bundle->tables.size() << " tables, "
            << bundle->entrants.size() << " players, " << bundle->played.size() << " rounds\n";
  if (const auto wrong = server::check_tables(*bundle)) {
    std::cout << "FAIL: " << *wrong << "\n";
    return 1;
  }
  std::vector<std::optional<server::GameEnd>> ends;
  std::int64_t moves = 0;
  for (const protocol::BundleTable& table : bundle->tables) {
    const std::string where = "Round " + std::to_string(table.round) + ", table " + std::to_string(table.number) +
                              " (table " + std::to_string(table.table) + ")";
    std::ostringstream lines;
    for (const std::string& line : table.record) lines << line << '\n';
    std::istringstream in(lines.str());
    const auto records = server::read_records(in);
    if (!records || records->size() != 1) {
      std::cout << "FAIL: " << where << ": its record does not read: "
                << (records ? std::string("it holds several records") : records.error()) << ".\n";
      return 1;
    }
    const server::DealProof proof = server::prove_deal(records->front());
    if (proof.verdict == server::DealVerdict::kNotProven) {
      const auto failed = std::find_if(proof.steps.begin(), proof.steps.end(), [](const auto& s) { return !s.held; });
      std::cout << "FAIL: " << where << ": " << (failed != proof.steps.end() ? failed->words : proof.verdict_words()) << "\n";
      return 1;
    }
    moves += proof.moves;
    ends.push_back(proof.end ? server::game_end(*proof.end) : std::nullopt);
  }
  // The pairings before the standings: a round is paired from the games
  // before it, whatever the bundle's standings say.
  if (const auto wrong = server::check_pairings(*bundle, ends)) {
    std::cout << "FAIL: " << *wrong << "\n";
    return 5;
  }
  if (const auto wrong = server::check_standings(*bundle, ends)) {
    std::cout << "FAIL: " << *wrong << "\n";
    return 4;
  }
  std::cout << "ok: " << bundle->tables.size() << " games, " << moves << " moves replayed, standings and pairings recomputed\n";
  return 0;
}

}  // namespace sp::cli
