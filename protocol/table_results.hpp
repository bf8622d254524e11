// The `data` of the results a table answers with (result.json's `$defs`), as
// an object's JSON text: one struct per result and one encoder.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/card_prices.hpp"
#include "engine/legal_actions.hpp"
#include "engine/standing_order.hpp"
#include "engine/view.hpp"
#include "protocol/server_messages.hpp"
#include "protocol/table_summary.hpp"

namespace sp::protocol {

// subscribe: the table as the subscriber may see it, the moves it missed and
// (for a seat's player) the seat's standing orders.
struct Subscribed {
  TableSummary table;
  std::optional<int> seat;
  engine::TableView view;
  std::span<const std::string> names;  // the seats' names, for the view
  std::vector<engine::LegalAction> legal_actions;
  std::vector<engine::CardPrice> prices;
  std::vector<std::string> moves;  // each entry's text (encode_move_entry_text)
  std::optional<std::vector<engine::StandingOrder>> orders;
  Consent consent;
};

// orders and set_orders: a seat's standing orders as stored.
struct SeatOrders {
  std::int64_t table = 0;
  int seat = 0;
  std::span<const engine::StandingOrder> orders;
};

// chat_history: a page of the table's chat, oldest first, and whether older
// lines are left.
struct ChatHistoryPage {
  struct Line {
    std::int64_t id = 0;
    std::string from;  // the speaker's name
    std::string text;
    std::int64_t at = 0;
  };
  std::int64_t table = 0;
  std::vector<Line> messages;
  bool more = false;
};

std::string encode_data(const Subscribed& data);
std::string encode_data(const ChatHistoryPage& data);
std::string encode_data(const SeatOrders& data);
// legal_actions: {"actions": [...]}.
std::string encode_legal_actions_data(std::span<const engine::LegalAction> actions);
// set_seat_controller, reclaim_seat, admin_abort: {"table": summary}.
std::string encode_table_data(const TableSummary& table);
// resign's and the votes' open requests: the Consent itself.
std::string encode_data(const Consent& consent);

}  // namespace sp::protocol
