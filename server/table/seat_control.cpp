#include "server/table/seat_control.hpp"

#include <algorithm>

#include "engine/legal_actions.hpp"
#include "engine/rng.hpp"
#include "server/security/fair_deal.hpp"

namespace sp::server {

engine::Action absent_action(const engine::GameState& state, engine::Seat seat) {
  const std::vector<engine::LegalAction> legal = engine::legal_actions(state, seat);
  auto first = [&](auto&& wanted) -> std::optional<engine::Action> {
    const auto it = std::find_if(legal.begin(), legal.end(), [&](const engine::LegalAction& l) { return wanted(l.action); });
    if (it == legal.end()) return std::nullopt;
    return it->action;
  };
  if (auto found = first([](const engine::Action& a) { return a == engine::Action{engine::Pass{true}}; })) return *found;
  if (auto found = first([](const engine::Action& a) { return std::holds_alternative<engine::Pass>(a); })) return *found;
  if (auto found = first([](const engine::Action& a) { return std::holds_alternative<engine::Discard>(a); })) {
    return *found;
  }
  if (auto found = first([](const engine::Action& a) {
        return !std::holds_alternative<engine::CancelPassUntilPhaseEnd>(a);
      })) {
    return *found;
  }
  return engine::Pass{};
}

engine::Action robot_action(const engine::GameState& state, engine::Seat seat, engine::RobotLevel level,
                            std::uint64_t robots_seed, std::int64_t move_number, const engine::SearchStop* stop) {
  engine::Rng rng(robots_seed ^ (static_cast<std::uint64_t>(move_number) * 0x9E3779B97F4A7C15ull));
  return engine::choose_robot_action(state, seat, rng, level, stop);
}

std::uint64_t robots_seed_of(const TableRecord& table) {
  return table.deal_secret ? robot_seed(*table.deal_secret) : table.seed;
}

}  // namespace sp::server
