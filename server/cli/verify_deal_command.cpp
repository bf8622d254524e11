// spb verify-deal: anyone's check of a finished game's deal (docs/fairness.md).
#include <fstream>
#include <iostream>

#include "server/cli/commands.hpp"
#include "server/security/credentials.hpp"
#include "server/admin/deal_proof.hpp"

namespace sp::cli {
namespace {

constexpr const char* kUsage =
    "usage: spb verify-deal RECORD\n"
    "Checks the deal of the game in RECORD (a file written by spb admin export, the table_record reply\n"
    "saved as JSON, or a player's export_account document, each of its games; - reads the standard\n"
    "input): the server's secret against the commitment it\n"
    "published, the seed against the secret and every seat's contribution in seat order, then deals\n"
    "from that seed and replays every move against the recorded state hashes.\n"
    "Exit status: 0 proven (or consistent, when no seat contributed), 1 not proven, 2 unreadable.\n";

}  // namespace

int run_verify_deal_command(const std::vector<std::string>& args) {
  if (args.size() != 1 || args.front() == "--help") {
    std::cerr << kUsage;
    return 2;
  }
  server::init_credentials();
  std::ifstream file;
  if (args.front() != "-") {
    file.open(args.front());
    if (!file) {
      std::cerr << "spb verify-deal: cannot read " << args.front() << "\n";
      return 2;
    }
  }
  const auto records = server::read_records(file.is_open() ? static_cast<std::istream&>(file) : std::cin);
  if (!records) {
    std::cerr << "spb verify-deal: " << args.front() << ": " << records.error() << "\n";
    return 2;
  }
  int status = 0;
  for (const auto& record : *records) {
    const auto& table = record.at("header").contains("table") ? record.at("header").at("table") : nlohmann::json::object();
    std::cout << "Table " << (table.contains("id") ? table.at("id").dump() : "?") << " ("
              << (table.contains("name") && table.at("name").is_string() ? table.at("name").get<std::string>() : "")
              << ")\n";
    const server::DealProof proof = server::prove_deal(record);
    for (const server::ProofStep& step : proof.steps) std::cout << (step.held ? "  ok    " : "  FAIL  ") << step.words << "\n";
    std::cout << proof.verdict_words() << "\n";
    if (proof.verdict == server::DealVerdict::kNotProven) status = 1;
  }
  return status;
}

}  // namespace sp::cli
