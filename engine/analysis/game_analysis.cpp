#include "engine/analysis/game_analysis.hpp"

#include <optional>

#include "engine/invariant.hpp"
#include "engine/legal_actions.hpp"

namespace sp::engine {
namespace {

// Apart from the seeds of games and robots, so a decision's deals are no
// game's own deal.
constexpr std::uint64_t kAnalysisSalt = 0x5EA7'0A11'A1A5'1500ull;

// The log's actions taken back by an undo: they are no decision of the game.
std::vector<bool> taken_back(const std::vector<LoggedAction>& log) {
  std::vector<bool> undone(log.size(), false);
  std::size_t last_action = log.size();  // none yet
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (log[i].kind == LogKind::kAction) last_action = i;
    if (log[i].kind == LogKind::kUndo && last_action < log.size()) {
      undone[last_action] = true;
      last_action = log.size();
    }
  }
  return undone;
}

bool is_decision(const GameState& state, const LoggedAction& entry, Seat seat) {
  return entry.kind == LogKind::kAction && entry.seat == seat && !state.is_finished() && state.current == seat &&
         legal_actions(state, seat).size() > 1;
}

}  // namespace

Rng decision_generator(std::size_t entry) {
  return Rng(kAnalysisSalt ^ (static_cast<std::uint64_t>(entry + 1) * 0xD1B54A32D192ED03ull));
}

Expected<SeatAnalysis, AnalysisError> analyse_seat(const GameSetup& setup, const std::vector<LoggedAction>& log,
                                                   Seat seat, const AnalysisDepth& depth) {
  if (seat.value >= setup.player_count) {
    return unexpected(AnalysisError{0, "seat " + std::to_string(seat.value) + " is not at this table"});
  }
  // The whole log first: an unfinished game is refused before any time is spent on it.
  const auto end = replay(setup, log);
  if (!end) return unexpected(AnalysisError{end.error().index, end.error().message});
  if (!end->is_finished()) {
    return unexpected(AnalysisError{log.size(), "the game is not finished: only a finished game is analysed"});
  }

  const std::vector<bool> undone = taken_back(log);
  GameState state = *new_game(setup);
  std::optional<GameState> before;
  SeatAnalysis analysis{seat, {}};
  for (std::size_t i = 0; i < log.size(); ++i) {
    const LoggedAction& entry = log[i];
    if (!undone[i] && is_decision(state, entry, seat)) {
      Rng rng = decision_generator(i);
      analysis.decisions.push_back(DecisionAnalysis{i, state.round, state.phase, decision_kind(entry.action),
                                                    judge_decision(state, seat, entry.action, rng, depth)});
    }
    // The log replayed above, so every entry applies again.
    const auto applied = apply_entry(state, before, entry, nullptr);
    SP_ASSERT(applied.has_value());
  }
  return analysis;
}

}  // namespace sp::engine
