// What spb admin analyse prints (docs/analysis.md): each analysed seat's
// summary and decisions, as text for people or as one JSON document.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "engine/analysis/analysis_summary.hpp"
#include "engine/analysis/game_analysis.hpp"
#include "server/store/records.hpp"

namespace sp::cli {

struct SeatReport {
  int seat = 0;
  std::string name;
  std::vector<engine::DecisionAnalysis> decisions;  // every decision of the seat, in the log's order
  std::vector<server::Actor> actors;                // who made each: its player, an order, a robot...
  // The decisions the summary counts (indexes into `decisions`): the
  // player's own, theirs or by their standing order; at a seat only robots
  // played, the robot's.
  std::vector<std::size_t> counted;
  engine::AnalysisSummary summary;  // of the counted decisions; its costliest index into `counted`
};

struct AnalysisReport {
  std::int64_t table = 0;
  int players = 0;
  engine::AnalysisDepth depth;
  std::vector<SeatReport> seats;
};

// The seat's report: who made each decision, and the summary of those counted.
// REQUIRES: `actors` has one entry per move of the log, in order.
SeatReport seat_report(int seat, std::string name, engine::SeatAnalysis analysis,
                       const std::vector<server::Actor>& actors);

void write_analysis_text(const AnalysisReport& report, std::ostream& out);
void write_analysis_json(const AnalysisReport& report, std::ostream& out);

}  // namespace sp::cli
