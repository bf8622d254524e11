#include "server/admin/decision_costs.hpp"

#include <algorithm>
#include <cstdint>

#include "engine/action_values.hpp"
#include "engine/legal_actions.hpp"
#include "server/admin/judged_positions.hpp"
#include "server/table/log_replay.hpp"
#include "server/table/seat_control.hpp"

namespace sp::server {
namespace {

// A person's decision: the position before it and what they chose.
struct Decision {
  engine::GameState before;
  engine::Action chosen;
  std::int64_t move_number = 0;
};

// Kept apart from the values' seeds, so the levels' generators are not the judge's.
constexpr std::uint64_t kLevelsSeedSalt = 0x9e3779b97f4a7c15ULL;

std::uint64_t judge_seed(std::int64_t table_id, std::int64_t move_number) {
  return (static_cast<std::uint64_t>(table_id) << 32) ^ static_cast<std::uint64_t>(move_number);
}

std::vector<engine::Action> legal(const engine::GameState& state, engine::Seat seat) {
  std::vector<engine::Action> actions;
  for (const engine::LegalAction& a : engine::legal_actions(state, seat)) actions.push_back(a.action);
  return actions;
}

double cost_of(const std::vector<engine::Action>& actions, const std::vector<double>& values,
               const engine::Action& chosen) {
  const auto at = std::find(actions.begin(), actions.end(), chosen);
  return *std::max_element(values.begin(), values.end()) - values[static_cast<std::size_t>(at - actions.begin())];
}

}  // namespace

std::optional<std::vector<SeatCosts>> judge_game(const TableRecord& table, const std::vector<MoveRecord>& moves,
                                                 const std::vector<int>& people, const JudgingPlan& plan,
                                                 std::string& error) {
  std::vector<std::vector<Decision>> decisions(people.size());
  LogReplay replay(table);
  for (const MoveRecord& move : moves) {
    if (!replay.ok()) break;
    const engine::GameState before = replay.state();
    if (!replay.apply(move, true, nullptr)) break;
    const engine::LoggedAction& done = replay.last();
    const auto person = std::find(people.begin(), people.end(), move.seat);
    if (move.actor != Actor::kPlayer || person == people.end() || done.kind != engine::LogKind::kAction) continue;
    if (before.is_finished() || before.current != done.seat) continue;
    const std::vector<engine::Action> actions = legal(before, done.seat);
    if (actions.size() < 2) continue;  // no choice to judge
    if (std::find(actions.begin(), actions.end(), done.action) == actions.end()) {
      error = "table " + std::to_string(table.id) + " move " + std::to_string(move.move_number) +
              ": the action applied is not among the legal actions listed";
      return std::nullopt;
    }
    decisions[static_cast<std::size_t>(person - people.begin())].push_back(
        Decision{before, done.action, move.move_number});
  }
  if (!replay.ok()) {
    error = "table " + std::to_string(table.id) + ": " + replay.divergence()->describe();
    return std::nullopt;
  }
  const std::uint64_t levels_seed = static_cast<std::uint64_t>(table.id) ^ kLevelsSeedSalt;
  std::vector<SeatCosts> costs;
  for (std::size_t p = 0; p < people.size(); ++p) {
    if (decisions[p].empty()) continue;
    SeatCosts seat_costs;
    seat_costs.seat = people[p];
    seat_costs.level_costs.assign(plan.levels.size(), 0.0);
    for (const std::size_t i : judged_positions(decisions[p].size(), plan.positions)) {
      const Decision& d = decisions[p][i];
      const engine::Seat seat{static_cast<std::uint8_t>(people[p])};
      const std::vector<engine::Action> actions = legal(d.before, seat);
      const std::vector<double> values =
          engine::action_values(d.before, seat, actions, judge_seed(table.id, d.move_number), plan.deals);
      seat_costs.person_cost += cost_of(actions, values, d.chosen);
      for (std::size_t l = 0; l < plan.levels.size(); ++l) {
        const engine::Action choice = robot_action(d.before, seat, plan.levels[l], levels_seed, d.move_number);
        seat_costs.level_costs[l] += cost_of(actions, values, choice);
      }
      ++seat_costs.positions;
    }
    costs.push_back(std::move(seat_costs));
  }
  return costs;
}

}  // namespace sp::server
