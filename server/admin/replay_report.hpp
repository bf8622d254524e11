// The replay report of spb admin replay: a stored table rebuilt move by move,
// each move in words with the price the engine computed and why, then the
// state after the chosen move as the administrator or one seat sees it.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "protocol/language.hpp"
#include "server/store/records.hpp"

namespace sp::server {

struct ReplayRequest {
  std::optional<std::int64_t> to;  // the last move to replay; none: the whole log
  std::optional<int> seat;         // the viewer; none: the administrator
  bool verify = false;             // check each move's stored state hash
  protocol::Language language = protocol::Language::kEnglish;  // of the moves and prices in words
};

enum class ReplayOutcome {
  kReplayed,   // every move asked for replayed (and verified)
  kDiverged,   // the report ends at the first move that does not replay
  kRefused,    // bad request (a seat or move that does not exist): nothing printed
};

// Writes the report to `out`; a refusal's reason goes to `error`.
ReplayOutcome write_replay_report(const TableRecord& table, const std::vector<MoveRecord>& moves,
                                  const ReplayRequest& request, std::ostream& out, std::string& error);

}  // namespace sp::server
