// What standing orders are, what the seat sees of the board, and when orders
// lapse. Validation is in order_validation.cpp, evaluation in order_eval.cpp.
#include "engine/standing_order.hpp"

#include <algorithm>

#include "engine/hasher.hpp"

namespace sp::engine {

bool matches(const CardMatch& match, CardId card) {
  if (const CardId* named = std::get_if<CardId>(&match)) return *named == card;
  if (const AnyOfColor* color = std::get_if<AnyOfColor>(&match)) return spec(card).color == color->color;
  return spec(card).deck == std::get<AnyOfDeck>(match).deck;
}

BoardFingerprint board_fingerprint(const GameState& state, Seat seat) {
  Hasher h;
  h.add(state.round);
  h.add(static_cast<std::uint64_t>(state.phase));
  h.add_cards(state.upper);
  h.add_cards(state.lower);
  for (int p = 0; p < state.player_count; ++p) {
    const PlayerState& player = state.players[p];
    const bool own = p == seat.value;
    h.add(player.tableau.size());
    for (const TableauCard& card : player.tableau) h.add(card.card.value);
    if (own || state.options.public_hands) {
      h.add_cards(player.hand);
    } else {
      h.add(player.hand.size());
    }
    if (own || state.options.public_money) h.add_signed(player.rubles);
  }
  return BoardFingerprint{h.value()};
}

bool is_live(const GameState& state, Seat seat, const StandingOrder& order) {
  if (state.is_finished()) return false;
  switch (order.expiry) {
    case Expiry::kPhaseEnd:
      if (state.round != order.round || state.phase != order.phase) return false;
      break;
    case Expiry::kRoundEnd:
      if (state.round != order.round) return false;
      break;
    case Expiry::kUntilCancelled:
      break;
  }
  if (const auto* pass = std::get_if<PassUntilBoardChangesOrder>(&order.rule)) {
    return pass->board == board_fingerprint(state, seat);
  }
  return true;
}

Expected<StandingOrder, OrderError> write_order(const GameState& state, Seat seat, OrderRule rule, Expiry expiry) {
  if (auto* pass = std::get_if<PassUntilBoardChangesOrder>(&rule); pass && seat.value < state.player_count) {
    pass->board = board_fingerprint(state, seat);
  }
  StandingOrder order{std::move(rule), expiry, state.round, state.phase};
  if (auto valid = validate_order(state, seat, order); !valid) return unexpected(valid.error());
  return order;
}

void order_used(std::vector<StandingOrder>& orders, std::size_t index, const GameState& moved_in) {
  SP_ASSERT(index < orders.size());
  const OrderRule& rule = orders[index].rule;
  bool then_pass = false;
  if (const auto* buy = std::get_if<BuyOrder>(&rule)) {
    then_pass = buy->then_pass_until_phase_end;
  } else if (const auto* take = std::get_if<TakeOrder>(&rule)) {
    then_pass = take->then_pass_until_phase_end;
  } else if (!std::holds_alternative<PlayOrder>(rule)) {
    return;  // passes and answers stay until they expire
  }
  if (then_pass) {
    orders[index] = StandingOrder{PassUntilPhaseEndOrder{}, Expiry::kPhaseEnd, moved_in.round, moved_in.phase};
  } else {
    orders.erase(orders.begin() + static_cast<std::ptrdiff_t>(index));
  }
}

std::vector<StandingOrder> expire_orders(const GameState& state, Seat seat, std::vector<StandingOrder>& orders) {
  std::vector<StandingOrder> expired;
  std::vector<StandingOrder> kept;
  for (StandingOrder& order : orders) {
    (is_live(state, seat, order) ? kept : expired).push_back(std::move(order));
  }
  orders = std::move(kept);
  return expired;
}

}  // namespace sp::engine
