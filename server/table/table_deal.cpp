#include "server/table/table_deal.hpp"

#include <algorithm>

namespace sp::server {
namespace {

protocol::PublicDeal deal_of(const TableRecord& table, bool with_secret) {
  protocol::PublicDeal deal{std::string(table.shared_deal ? kSharedDealScheme : kDealScheme),
                            deal_commitment(*table.deal_secret), {}, std::nullopt, std::nullopt};
  for (const SeatRecord& s : table.seats) deal.contributions.emplace_back(s.seat, s.contribution);
  if (table.shared_deal) deal.round_contributions = table.shared_deal->contributions;
  if (with_secret) deal.secret = *table.deal_secret;
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

std::uint64_t fair_seed(const TableRecord& table) {
  if (table.shared_deal) return shared_deal_seed(*table.deal_secret, table.player_count, table.shared_deal->contributions);
  return deal_seed(*table.deal_secret, contributions_of(table));
}

std::optional<protocol::PublicDeal> public_deal(const TableRecord& table) {
  if (!table.deal_secret) return std::nullopt;
  // A duplicate round's secret deals the round's other tables too: it waits for the round's end.
  const bool withheld = table.shared_deal && table.shared_deal->withheld;
  return deal_of(table, table.status == TableStatus::kFinished && !withheld);
}

std::optional<protocol::PublicDeal> recorded_deal(const TableRecord& table) {
  if (!table.deal_secret) return std::nullopt;
  return deal_of(table, true);
}

}  // namespace sp::server
