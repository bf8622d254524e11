#include "engine/analysis/analysis_summary.hpp"

#include <algorithm>
#include <numeric>

namespace sp::engine {

AnalysisSummary summarise(const std::vector<DecisionAnalysis>& decisions) {
  AnalysisSummary summary;
  summary.decisions = static_cast<int>(decisions.size());
  int accurate = 0;
  for (const DecisionAnalysis& decision : decisions) {
    const double cost = decision.judgement.cost;
    summary.points_lost += cost;
    summary.lost_by_phase[static_cast<std::size_t>(decision.phase)] += cost;
    summary.lost_by_kind[static_cast<std::size_t>(decision.kind)] += cost;
    accurate += cost <= kAccurateWithin ? 1 : 0;
  }
  if (!decisions.empty()) {
    summary.mean_cost = summary.points_lost / summary.decisions;
    summary.accuracy = 100.0 * accurate / summary.decisions;
  }

  std::vector<std::size_t> order(decisions.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return decisions[a].judgement.cost > decisions[b].judgement.cost;
  });
  for (const std::size_t i : order) {
    if (summary.costliest.size() == kCostliestNamed || decisions[i].judgement.cost <= 0.0) break;
    summary.costliest.push_back(i);
  }
  return summary;
}

}  // namespace sp::engine
