// The proof of a finished game's deal (docs/fairness.md): a game record's
// "deal" read back, and the whole check `spb verify-deal` prints: the secret
// against its commitment, the seed against the secret and the contributions
// in seat order, and every move replayed from that seed against the recorded
// state hashes. A tool's (server/admin): it reads record files, JSON itself.
#pragma once

#include <nlohmann/json.hpp>

#include <istream>
#include <string>
#include <vector>

#include "engine/expected.hpp"
#include "engine/state.hpp"
#include "protocol/recorded_deal.hpp"

namespace sp::server {

using protocol::read_recorded_deal;
using protocol::RecordedDeal;

// One thing checked, in words, and whether it held.
struct ProofStep {
  bool held = false;
  std::string words;
};

enum class DealVerdict : std::uint8_t {
  kProven,         // every step held, and at least one seat contributed
  kServerAlone,    // every step held, but no seat contributed: the server's secret alone decided the deal
  kNotProven,      // a step failed: the record is not the game its deal says
};

struct DealProof {
  std::vector<ProofStep> steps;
  DealVerdict verdict = DealVerdict::kNotProven;
  // The game as the replay left it, once every move replayed (spb
  // verify-tournament scores the standings from it).
  std::optional<engine::GameState> end;
  std::int64_t moves = 0;  // the moves replayed
  // A sentence for the verdict.
  std::string verdict_words() const;
};

// Checks one record, given as one object {"header", "moves", "trailer"}.
DealProof prove_deal(const nlohmann::json& record);

// The records of a file: JSON lines as spb admin export writes them (several
// records one after the other), one JSON object as the protocol's
// table_record returns it, or a whole result frame holding one. An error says
// what is wrong with the file.
Expected<std::vector<nlohmann::json>, std::string> read_records(std::istream& in);

}  // namespace sp::server
