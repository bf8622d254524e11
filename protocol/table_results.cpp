#include "protocol/table_results.hpp"

#include "protocol/engine_json.hpp"
#include "protocol/log_entry_text.hpp"
#include "protocol/standing_order_json.hpp"
#include "protocol/table_update.hpp"

namespace sp::protocol {

using nlohmann::json;

std::string encode_data(const Subscribed& d) {
  // The members in the order nlohmann writes a document's (sorted), the
  // moves and prices as the texts the updates use.
  std::string out = "{\"consent\":";
  out += encode_consent(d.consent).dump();
  out += ",\"legal_actions\":";
  out += encode_legal_actions_text(d.legal_actions);
  out += ",\"moves\":[";
  for (std::size_t i = 0; i < d.moves.size(); ++i) {
    if (i > 0) out += ',';
    out += d.moves[i];
  }
  out += ']';
  if (d.orders) {
    out += ",\"orders\":";
    out += encode_orders(*d.orders).dump();
  }
  out += ",\"prices\":";
  out += encode_prices_text(d.prices);
  out += ",\"seat\":";
  out += d.seat ? std::to_string(*d.seat) : "null";
  out += ",\"table\":";
  out += encode_table_summary(d.table).dump();
  out += ",\"view\":";
  out += encode_view(d.view, d.names).dump();
  out += '}';
  return out;
}

std::string encode_data(const SeatOrders& d) {
  return json{{"table", d.table}, {"seat", d.seat}, {"orders", encode_orders(d.orders)}}.dump();
}

std::string encode_data(const ChatHistoryPage& d) {
  json messages = json::array();
  for (const ChatHistoryPage::Line& line : d.messages) {
    messages.push_back(json{{"id", line.id}, {"from", line.from}, {"text", line.text}, {"at", line.at}});
  }
  return json{{"table", d.table}, {"messages", messages}, {"more", d.more}}.dump();
}

std::string encode_legal_actions_data(std::span<const engine::LegalAction> actions) {
  return "{\"actions\":" + encode_legal_actions_text(actions) + "}";
}

std::string encode_table_data(const TableSummary& table) { return json{{"table", encode_table_summary(table)}}.dump(); }

std::string encode_data(const Consent& consent) { return encode_consent(consent).dump(); }

}  // namespace sp::protocol
