// A seat's analysis in a few figures (docs/analysis.md): what its decisions
// cost in all, where the points were lost (by phase and by kind of
// decision), its costliest decisions and an accuracy.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "engine/analysis/decision_kind.hpp"
#include "engine/analysis/game_analysis.hpp"

namespace sp::engine {

// A decision costing at most this many points counts as accurate: a smaller
// cost is within the judge's own noise at the default depth (docs/analysis.md).
inline constexpr double kAccurateWithin = 1.0;
// The costliest decisions a summary names.
inline constexpr std::size_t kCostliestNamed = 3;
// Workers, buildings, aristocrats, trading cards.
inline constexpr int kScoredPhaseCount = 4;

struct AnalysisSummary {
  int decisions = 0;
  double points_lost = 0.0;  // the sum of the decisions' costs
  double mean_cost = 0.0;    // per decision; 0 with none
  // The share of decisions costing at most kAccurateWithin, in percent; 100 with none.
  double accuracy = 100.0;
  std::array<double, kScoredPhaseCount> lost_by_phase{};  // indexed by Phase
  std::array<double, kDecisionKindCount> lost_by_kind{};  // indexed by DecisionKind, of the action made
  // Indexes into the decisions summarised: the costliest first (the earlier of
  // equal costs), at most kCostliestNamed, only those that cost anything.
  std::vector<std::size_t> costliest;
};

AnalysisSummary summarise(const std::vector<DecisionAnalysis>& decisions);

}  // namespace sp::engine
