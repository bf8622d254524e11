// The analysis of one seat's play in a finished game (issue 39,
// docs/analysis.md): the game's log replayed from its setup, and at each of
// the seat's decisions the judgement of engine/analysis/decision_judgement.hpp,
// made from the state as it was before the decision and only from what the
// seat could see there.
//
// A decision is an action of the seat that stands (not taken back by an
// undo) where it had more than one legal action. Each is judged with a
// generator drawn from its place in the log alone, so two games that differ
// only in what the seat could not see give it the same analysis, and the same
// log gives the same analysis on any machine. Pure: no clock, threads or I/O.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/analysis/decision_judgement.hpp"
#include "engine/analysis/decision_kind.hpp"
#include "engine/expected.hpp"
#include "engine/replay.hpp"
#include "engine/rng.hpp"
#include "engine/seat.hpp"
#include "engine/setup.hpp"

namespace sp::engine {

struct DecisionAnalysis {
  std::size_t entry = 0;  // its index in the log; the stored move number is entry + 1
  std::uint16_t round = 0;
  Phase phase = Phase::kWorker;
  DecisionKind kind = DecisionKind::kPassing;  // of the action made
  DecisionJudgement judgement;
  friend bool operator==(const DecisionAnalysis&, const DecisionAnalysis&) = default;
};

struct SeatAnalysis {
  Seat seat;
  std::vector<DecisionAnalysis> decisions;  // in the order of the log
};

// Why a log is not analysed: it does not replay (then `entry` is the entry
// that failed, 0 for the setup), the game is not finished, or there is no such seat.
struct AnalysisError {
  std::size_t entry = 0;
  std::string message;
};

// The generator a decision at log entry `entry` is judged with (its first
// number seeds the deals): the strongest level's search given the same
// generator and budget chooses the action that costs 0 there.
Rng decision_generator(std::size_t entry);

// Every decision of `seat` in the game of `setup` and `log`, judged at `depth`.
// Its time is about proportional to decisions x deals x (candidates + 1) playouts.
Expected<SeatAnalysis, AnalysisError> analyse_seat(const GameSetup& setup, const std::vector<LoggedAction>& log,
                                                   Seat seat, const AnalysisDepth& depth = {});

}  // namespace sp::engine
