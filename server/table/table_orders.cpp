// The Table's standing orders (see table.hpp; docs/rules.md, "Standing
// orders"). The engine decides what an order means and which move it makes;
// the table keeps each seat's list, stores it with the move that used or
// lapsed an order, and makes ordered moves through the same path as a robot's
// (table_pace.cpp, play_automatic). Orders are private: only the seat's own
// connections are ever sent them.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/notice_details.hpp"
#include "protocol/server_messages.hpp"
#include "protocol/table_results.hpp"
#include "server/table/table.hpp"

namespace sp::server {

using protocol::ErrorCode;

void Table::orders_after_move(const Move& move, const engine::GameState& next, Aftermath& after) const {
  for (std::size_t s = 0; s < orders_.seats(); ++s) {
    const engine::Seat seat{static_cast<std::uint8_t>(s)};
    std::vector<engine::StandingOrder> list = orders_.of(s);
    if (list.empty()) continue;
    const bool used = move.order && move.seat == seat;
    if (used) engine::order_used(list, *move.order, state_);
    const std::vector<engine::StandingOrder> lapsed = engine::expire_orders(next, seat, list);
    if (!used && lapsed.empty()) continue;
    after.orders.push_back(Aftermath::Orders{static_cast<int>(s), list, protocol::encode_stored_orders(list)});
    // The seat waits for its player again: tell them, unless the game is over
    // (its own notice says so) or the seat is not theirs to play now.
    const SeatRecord& record = record_.seats.at(s);
    if (!lapsed.empty() && list.empty() && !next.is_finished() && !record.robot &&
        record.controller == SeatController::kHuman) {
      after.notes.push_back(NotificationDraft{
          record.user_id, "orders_lapsed", id_,
          "Your standing orders at " + record_.name + " have lapsed; your seat waits for you again.",
          protocol::OrdersLapsedDetails{lapsed}});
    }
  }
}

void Table::tell_orders(int seat) {
  const auto frame = std::make_shared<const std::string>(
      protocol::encode(protocol::OrdersChanged{id_, seat, orders_.of(static_cast<std::size_t>(seat))}));
  audience_.send_to_seat(seat, frame);
}

void Table::orders(std::int64_t user_id, ReplyFn reply) {
  boost::asio::post(strand_, [self = shared_from_this(), user_id, reply = std::move(reply)] {
    const auto seat = self->seat_of(user_id);
    if (!seat) return reply(Reply::error(ErrorCode::kNotSeated, "You have no seat at this table."));
    reply(Reply::result(protocol::encode_data(protocol::SeatOrders{self->id_, seat->value, self->orders_.of(seat->value)})));
  });
}

void Table::set_orders(std::int64_t user_id, std::vector<protocol::OrderWish> wishes, ReplyFn reply) {
  when_idle([self = shared_from_this(), user_id, wishes = std::move(wishes), reply = std::move(reply)] {
    if (self->faulted_) return reply(self->stopped_reply("This table stopped; no orders are taken."));
    const auto seat = self->seat_of(user_id);
    if (!seat) return reply(Reply::error(ErrorCode::kNotSeated, "You have no seat at this table."));
    if (self->state_.is_finished()) return reply(Reply::error(ErrorCode::kTableNotPlaying, "That game is over."));
    std::vector<engine::StandingOrder> list;
    for (std::size_t i = 0; i < wishes.size(); ++i) {
      auto written = engine::write_order(self->state_, *seat, wishes[i].rule, wishes[i].expiry);
      if (!written) {
        return reply(Reply::order_error(i + 1, written.error()));
      }
      list.push_back(std::move(*written));
    }
    Aftermath after;
    after.orders.push_back(Aftermath::Orders{seat->value, list, protocol::encode_stored_orders(list)});
    // An order that applies now moves the seat at once: its deadline is
    // cleared until the seat waits for its player again.
    const bool moves_now = self->seat_to_act() == seat &&
                           self->controller_of(*seat) == SeatController::kHuman &&
                           engine::standing_order_move(self->state_, *seat, list);
    if (moves_now) after.deadline = Aftermath::Deadline::kClear;
    self->change(std::move(after), [self, seat = *seat, reply](bool ok) {
      if (!ok) return reply(Reply::error(ErrorCode::kInternalError, "The orders could not be stored."));
      reply(Reply::result(protocol::encode_data(protocol::SeatOrders{self->id_, seat.value, self->orders_.of(seat.value)})));
    });
  });
}

}  // namespace sp::server
