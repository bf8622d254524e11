#include "server/table/standing_orders.hpp"

namespace sp::server {

std::optional<engine::OrderedMove> StandingOrders::move_for(const engine::GameState& state, engine::Seat seat) const {
  if (seat.value >= lists_.size() || lists_[seat.value].empty()) return std::nullopt;
  return engine::standing_order_move(state, seat, lists_[seat.value]);
}

const std::vector<engine::StandingOrder>& StandingOrders::once(const Aftermath& after, engine::Seat seat) const {
  for (const Aftermath::Orders& changed : after.orders) {
    if (changed.seat == seat.value) return changed.list;
  }
  return lists_.at(seat.value);
}

}  // namespace sp::server
