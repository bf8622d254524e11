#include "engine/tournament/duplicate.hpp"

#include <utility>

#include "engine/invariant.hpp"

namespace sp::tournament {

namespace {

// -1, 0 or 1 as seat a scored below, as, or above seat b of the same deal.
int compare(const SeatResult& a, const SeatResult& b) {
  if (a.absent || b.absent) return a.absent == b.absent ? 0 : (a.absent ? -1 : 1);
  if (a.game_points != b.game_points) return a.game_points < b.game_points ? -1 : 1;
  if (a.rubles != b.rubles) return a.rubles < b.rubles ? -1 : 1;
  return 0;
}

// The duplicate tables grouped by deal: (round, table size).
std::map<std::pair<int, int>, std::vector<const TableResult*>> deals(std::span<const TableResult> results) {
  std::map<std::pair<int, int>, std::vector<const TableResult*>> by_deal;
  for (const TableResult& result : results) {
    if (result.duplicate_deal) by_deal[{result.round, static_cast<int>(result.seats.size())}].push_back(&result);
  }
  return by_deal;
}

}  // namespace

std::vector<PlayerId> duplicate_seating(const Table& by_strength, int table_index) {
  SP_ASSERT(table_index >= 0);
  const std::size_t n = by_strength.seats.size();
  std::vector<PlayerId> seats;
  for (std::size_t seat = 0; seat < n; ++seat) seats.push_back(by_strength.seats[(seat + table_index) % n]);
  return seats;
}

std::map<PlayerId, HalfPoints> duplicate_matchpoints(std::span<const TableResult> results) {
  std::map<PlayerId, HalfPoints> matchpoints;
  for (const auto& [deal, tables] : deals(results)) {
    const std::size_t size = static_cast<std::size_t>(deal.second);
    for (std::size_t seat = 0; seat < size; ++seat) {
      for (const TableResult* mine : tables) {
        const SeatResult& me = mine->seats[seat];
        HalfPoints& total = matchpoints[me.player];
        for (const TableResult* other : tables) {
          if (other == mine) continue;
          total += HalfPoints{compare(me, other->seats[seat]) + 1};
        }
      }
    }
  }
  return matchpoints;
}

HalfPoints bye_matchpoints(std::span<const TableResult> results, int round) {
  std::pair<std::size_t, int> largest{0, 0};  // (tables, size)
  for (const auto& [deal, tables] : deals(results)) {
    if (deal.first == round) largest = std::max(largest, std::make_pair(tables.size(), deal.second));
  }
  return HalfPoints{largest.first == 0 ? 0 : static_cast<int>(largest.first) - 1};
}

}  // namespace sp::tournament
