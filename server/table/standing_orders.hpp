// StandingOrders: each seat's standing orders at a table (docs/rules.md,
// "Standing orders"), private to the seat: never in a view. A part of the
// Table (table.hpp), on its strand; the engine decides what an order means.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "engine/standing_order.hpp"
#include "engine/state.hpp"
#include "server/table/table_aftermath.hpp"

namespace sp::server {

class StandingOrders {
 public:
  explicit StandingOrders(std::size_t seats) : lists_(seats) {}

  std::size_t seats() const { return lists_.size(); }
  const std::vector<engine::StandingOrder>& of(std::size_t seat) const { return lists_.at(seat); }
  // The seat's list as written (after its transaction committed).
  void replace(std::size_t seat, std::vector<engine::StandingOrder> list) { lists_.at(seat) = std::move(list); }
  // The move the seat's orders make now, if any.
  std::optional<engine::OrderedMove> move_for(const engine::GameState& state, engine::Seat seat) const;
  // The orders the seat will have once `after` is written.
  const std::vector<engine::StandingOrder>& once(const Aftermath& after, engine::Seat seat) const;

 private:
  std::vector<std::vector<engine::StandingOrder>> lists_;
};

}  // namespace sp::server
