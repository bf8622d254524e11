#include "engine/tournament/history.hpp"

#include <algorithm>

namespace sp::tournament {

namespace {

std::pair<PlayerId, PlayerId> key(PlayerId a, PlayerId b) { return {std::min(a, b), std::max(a, b)}; }

}  // namespace

History History::of(std::span<const TableResult> results, std::span<const Bye> byes) {
  History history;
  for (const TableResult& result : results) history.add(result);
  for (const Bye& bye : byes) history.add_bye(bye.player);
  return history;
}

void History::add(const Table& table) {
  for (std::size_t i = 0; i < table.seats.size(); ++i) {
    for (std::size_t j = i + 1; j < table.seats.size(); ++j) {
      if (table.seats[i] != table.seats[j]) ++meetings_[key(table.seats[i], table.seats[j])];
    }
  }
}

void History::add(const TableResult& result) {
  Table table;
  for (const SeatResult& seat : result.seats) table.seats.push_back(seat.player);
  add(table);
}

void History::add_bye(PlayerId player) { ++byes_[player]; }

int History::meetings(PlayerId a, PlayerId b) const {
  if (a == b) return 0;
  const auto found = meetings_.find(key(a, b));
  return found == meetings_.end() ? 0 : found->second;
}

int History::byes(PlayerId player) const {
  const auto found = byes_.find(player);
  return found == byes_.end() ? 0 : found->second;
}

}  // namespace sp::tournament
