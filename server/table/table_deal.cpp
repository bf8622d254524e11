#include "server/table/table_deal.hpp"

#include <algorithm>

namespace sp::server {
namespace {

using nlohmann::json;

json deal_json(const TableRecord& table, bool with_secret) {
  json contributions = json::array();
  for (const SeatRecord& s : table.seats) {
    contributions.push_back(json{{"seat", s.seat},
                                 {"contribution", s.contribution ? json(protocol::to_hex(*s.contribution)) : json(nullptr)}});
  }
  json deal{{"scheme", kDealScheme}, {"commitment", deal_commitment(*table.deal_secret)}, {"contributions", contributions}};
  if (with_secret) deal["secret"] = protocol::to_hex(*table.deal_secret);
  return deal;
}

}  // namespace

std::vector<std::optional<Contribution>> contributions_of(const TableRecord& table) {
  std::vector<std::optional<Contribution>> seats(static_cast<std::size_t>(std::max(table.player_count, 0)));
  for (const SeatRecord& s : table.seats) {
    if (s.seat >= 0 && static_cast<std::size_t>(s.seat) < seats.size()) seats[static_cast<std::size_t>(s.seat)] = s.contribution;
  }
  return seats;
}

std::uint64_t fair_seed(const TableRecord& table) { return deal_seed(*table.deal_secret, contributions_of(table)); }

std::optional<json> public_deal(const TableRecord& table) {
  if (!table.deal_secret) return std::nullopt;
  return deal_json(table, table.status == TableStatus::kFinished);
}

std::optional<json> recorded_deal(const TableRecord& table) {
  if (!table.deal_secret) return std::nullopt;
  return deal_json(table, true);
}

}  // namespace sp::server
