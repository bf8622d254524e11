#include "server/cli/analysis_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "engine/card.hpp"
#include "engine/overloaded.hpp"
#include "protocol/engine_json.hpp"

namespace sp::cli {
namespace {

using engine::DecisionAnalysis;
using engine::DecisionKind;

constexpr const char* kPhaseWords[engine::kScoredPhaseCount] = {"workers", "buildings", "aristocrats",
                                                                 "trading cards"};

std::string kind_in_words(DecisionKind kind) {
  switch (kind) {
    case DecisionKind::kBuying: return "buying";
    case DecisionKind::kDisplacement: return "displacement";
    case DecisionKind::kTakingIntoHand: return "taking into the hand";
    case DecisionKind::kPassing: return "passing";
    case DecisionKind::kPub: return "the Pub";
    case DecisionKind::kCardAbility: return "card abilities";
  }
  return "other";
}

std::string fixed(double value, int decimals = 1) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string name_of(engine::CardId card) { return std::string(engine::spec(card).name); }

std::string source_in_words(engine::Source source) {
  switch (source) {
    case engine::Source::kUpper: return "the upper row";
    case engine::Source::kLower: return "the lower row";
    case engine::Source::kDrawn: return "the Observatory's draw";
    case engine::Source::kDiscard: return "the discard pile";
    case engine::Source::kHand: return "the hand";
    case engine::Source::kTableau: return "the tableau";
  }
  return "somewhere";
}

std::string over(const std::optional<engine::CardId>& displaced) {
  return displaced ? " over " + name_of(*displaced) : "";
}

// An action as a player says it, for the administrator's text (English only:
// the page words its own in the players' languages).
std::string action_in_words(const engine::Action& action) {
  return std::visit(
      Overloaded{
          [](const engine::Buy& a) { return "buy " + name_of(a.card) + " from " + source_in_words(a.from) + over(a.displace); },
          [](const engine::Take& a) { return "take " + name_of(a.card) + " into the hand from " + source_in_words(a.from); },
          [](const engine::Play& a) {
            return "play " + name_of(a.card) + " from the hand" + over(a.displace) +
                   (a.target ? " on " + name_of(*a.target) : "");
          },
          [](const engine::Pass& a) { return std::string(a.until_phase_end ? "pass until the phase ends" : "pass"); },
          [](const engine::CancelPassUntilPhaseEnd&) { return std::string("stop passing until the phase ends"); },
          [](const engine::UseObservatory& a) {
            return "use the Observatory on the " + std::string(engine::to_string(a.stack)) + " stack";
          },
          [](const engine::Discard& a) { return a.card ? "discard " + name_of(*a.card) : std::string("discard"); },
          [](const engine::BuyPoints& a) { return "buy " + std::to_string(a.points) + " points at the Pub"; },
          [](const engine::SetGuildHall& a) {
            return "set the Guild Hall to " + std::to_string(a.rubles) + " rubles and " + std::to_string(a.points) +
                   " points";
          },
          [](const engine::UseTradingHouse&) { return std::string("use the Trading House"); },
          [](const engine::UseDebtorsPrison&) { return std::string("use the Debtor's Prison"); },
      },
      action);
}

std::string outcome(const engine::Alternative& a) {
  return fixed(a.points) + " points, winning chance " + fixed(100.0 * a.win_chance, 0) + "%";
}

std::string decision_line(const DecisionAnalysis& d, server::Actor actor) {
  const engine::DecisionJudgement& j = d.judgement;
  std::string line = "move " + std::to_string(d.entry + 1) + ", round " + std::to_string(d.round) + ", " +
                     kPhaseWords[static_cast<int>(d.phase)] + ": " + action_in_words(j.alternatives[j.chosen].action);
  if (actor != server::Actor::kPlayer) line += " [" + std::string(server::to_string(actor)) + "]";
  if (j.best == j.chosen) return line + ": the best (" + outcome(j.alternatives[j.chosen]) + ")";
  return line + ": cost " + fixed(j.cost) + " (" + outcome(j.alternatives[j.chosen]) + "); better: " +
         action_in_words(j.alternatives[j.best].action) + " (" + outcome(j.alternatives[j.best]) + ")";
}

void write_seat_text(const SeatReport& seat, std::ostream& out) {
  const engine::AnalysisSummary& s = seat.summary;
  out << "\nSeat " << seat.seat << ", " << seat.name << ": " << s.decisions << " decisions, accuracy "
      << fixed(s.accuracy) << "%, " << fixed(s.points_lost) << " points lost (" << fixed(s.mean_cost, 2)
      << " a decision)\n";
  if (seat.counted.size() != seat.decisions.size()) {
    out << "  (the summary counts the player's own decisions, theirs or by their standing orders; the others are"
           " marked)\n";
  }
  out << "  points lost by phase:";
  for (int p = 0; p < engine::kScoredPhaseCount; ++p) {
    out << (p ? ", " : " ") << kPhaseWords[p] << " " << fixed(s.lost_by_phase[static_cast<std::size_t>(p)]);
  }
  out << "\n  points lost by kind:";
  for (int k = 0; k < engine::kDecisionKindCount; ++k) {
    out << (k ? ", " : " ") << kind_in_words(static_cast<DecisionKind>(k)) << " "
        << fixed(s.lost_by_kind[static_cast<std::size_t>(k)]);
  }
  out << "\n  costliest decisions:" << (s.costliest.empty() ? " none cost anything\n" : "\n");
  for (const std::size_t c : s.costliest) {
    const std::size_t i = seat.counted[c];
    out << "    " << decision_line(seat.decisions[i], seat.actors[i]) << "\n";
  }
  out << "  every decision:\n";
  for (std::size_t i = 0; i < seat.decisions.size(); ++i) {
    out << "    " << decision_line(seat.decisions[i], seat.actors[i]) << "\n";
  }
}

// Rounded for reading: the figures are means of playouts, not exact to more.
double rounded(double value) { return std::round(value * 1000.0) / 1000.0; }

nlohmann::json decision_json(const DecisionAnalysis& d, server::Actor actor, bool counted) {
  nlohmann::json alternatives = nlohmann::json::array();
  for (const engine::Alternative& a : d.judgement.alternatives) {
    alternatives.push_back({{"action", protocol::encode_action(a.action)},
                            {"result", rounded(a.result)},
                            {"points", rounded(a.points)},
                            {"win_chance", rounded(a.win_chance)}});
  }
  return {{"move", d.entry + 1},
          {"round", d.round},
          {"phase", engine::to_string(d.phase)},
          {"kind", engine::to_string(d.kind)},
          {"actor", server::to_string(actor)},
          {"counted", counted},
          {"cost", rounded(d.judgement.cost)},
          {"chosen", d.judgement.chosen},
          {"robot_choice", d.judgement.robot_choice},
          {"best", d.judgement.best},
          {"alternatives", std::move(alternatives)}};
}

nlohmann::json seat_json(const SeatReport& seat) {
  const engine::AnalysisSummary& s = seat.summary;
  nlohmann::json by_phase = nlohmann::json::object(), by_kind = nlohmann::json::object();
  for (int p = 0; p < engine::kScoredPhaseCount; ++p) {
    by_phase[std::string(engine::to_string(static_cast<engine::Phase>(p)))] =
        rounded(s.lost_by_phase[static_cast<std::size_t>(p)]);
  }
  for (int k = 0; k < engine::kDecisionKindCount; ++k) {
    by_kind[std::string(engine::to_string(static_cast<DecisionKind>(k)))] =
        rounded(s.lost_by_kind[static_cast<std::size_t>(k)]);
  }
  nlohmann::json costliest = nlohmann::json::array();
  for (const std::size_t c : s.costliest) costliest.push_back(seat.decisions[seat.counted[c]].entry + 1);
  nlohmann::json decisions = nlohmann::json::array();
  for (std::size_t i = 0; i < seat.decisions.size(); ++i) {
    const bool counted = std::find(seat.counted.begin(), seat.counted.end(), i) != seat.counted.end();
    decisions.push_back(decision_json(seat.decisions[i], seat.actors[i], counted));
  }
  return {{"seat", seat.seat},
          {"name", seat.name},
          {"summary",
           {{"decisions", s.decisions},
            {"points_lost", rounded(s.points_lost)},
            {"mean_cost", rounded(s.mean_cost)},
            {"accuracy", rounded(s.accuracy)},
            {"lost_by_phase", std::move(by_phase)},
            {"lost_by_kind", std::move(by_kind)},
            {"costliest", std::move(costliest)}}},
          {"decisions", std::move(decisions)}};
}

}  // namespace

SeatReport seat_report(int seat, std::string name, engine::SeatAnalysis analysis,
                       const std::vector<server::Actor>& actors) {
  SeatReport report{seat, std::move(name), std::move(analysis.decisions), {}, {}, {}};
  for (const DecisionAnalysis& d : report.decisions) report.actors.push_back(actors[d.entry]);
  for (std::size_t i = 0; i < report.actors.size(); ++i) {
    if (report.actors[i] == server::Actor::kPlayer || report.actors[i] == server::Actor::kOrder) {
      report.counted.push_back(i);
    }
  }
  // A robot's seat from the start has no player's decision: its robot's are summarised.
  if (report.counted.empty()) {
    for (std::size_t i = 0; i < report.decisions.size(); ++i) report.counted.push_back(i);
  }
  std::vector<DecisionAnalysis> counted;
  for (const std::size_t i : report.counted) counted.push_back(report.decisions[i]);
  report.summary = engine::summarise(counted);
  return report;
}

void write_analysis_text(const AnalysisReport& report, std::ostream& out) {
  out << "Table " << report.table << ", a finished game of " << report.players << " players, analysed at "
      << report.depth.candidates << " candidates on " << report.depth.deals << " imagined deals a decision.\n"
      << "A decision's cost: the expected result of the best alternative less the choice's, in points (the seat's\n"
      << "lead over the best other seat, plus 10 for a win), judged only on what the seat could see then.\n"
      << "Accuracy: the share of decisions costing at most " << fixed(engine::kAccurateWithin)
      << " point. docs/analysis.md says more.\n";
  for (const SeatReport& seat : report.seats) write_seat_text(seat, out);
}

void write_analysis_json(const AnalysisReport& report, std::ostream& out) {
  nlohmann::json seats = nlohmann::json::array();
  for (const SeatReport& seat : report.seats) seats.push_back(seat_json(seat));
  const nlohmann::json document = {
      {"table", report.table},
      {"players", report.players},
      {"depth", {{"candidates", report.depth.candidates}, {"deals", report.depth.deals}}},
      {"accurate_within", engine::kAccurateWithin},
      {"seats", std::move(seats)}};
  out << document.dump() << "\n";
}

}  // namespace sp::cli
