#include "engine/tournament/elimination.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <tuple>

#include "engine/invariant.hpp"
#include "engine/tournament/table_sizes.hpp"

namespace sp::tournament {

RoundPairing elimination_round(std::span<const PlayerId> seeded, int table_size) {
  SP_ASSERT(table_size >= 3 && table_size <= 5);
  const int field = static_cast<int>(seeded.size());
  RoundPairing pairing;
  if (field <= 1) {
    pairing.byes.assign(seeded.begin(), seeded.end());
    return pairing;
  }
  if (field <= table_size) {
    pairing.tables.push_back(Table{std::vector<PlayerId>(seeded.begin(), seeded.end())});
    return pairing;
  }
  const std::vector<int> sizes = table_sizes(field, table_size);
  const int seated = std::accumulate(sizes.begin(), sizes.end(), 0);
  const int byes = field - seated;
  pairing.byes.assign(seeded.begin(), seeded.begin() + byes);
  const int count = static_cast<int>(sizes.size());
  pairing.tables.resize(static_cast<std::size_t>(count));
  int next = byes;
  for (bool forward = true; next < field; forward = !forward) {
    for (int step = 0; step < count && next < field; ++step) {
      const int t = forward ? step : count - 1 - step;
      if (static_cast<int>(pairing.tables[t].seats.size()) < sizes[t]) pairing.tables[t].seats.push_back(seeded[next++]);
    }
  }
  return pairing;
}

std::vector<PlayerId> elimination_advancing(std::span<const PlayerId> seeded, const RoundPairing& pairing,
                                            std::span<const TableResult> round_results, int advance) {
  SP_ASSERT(advance >= 1);
  std::map<PlayerId, int> seed_of;
  for (std::size_t i = 0; i < seeded.size(); ++i) seed_of[seeded[i]] = static_cast<int>(i);
  const auto seed = [&](PlayerId player) {
    const auto found = seed_of.find(player);
    SP_ASSERT(found != seed_of.end());
    return found->second;
  };

  struct Through {
    int place;  // at the table; a bye counts as 1
    int seed;
    PlayerId player;
  };
  std::vector<Through> through;
  for (PlayerId player : pairing.byes) through.push_back(Through{1, seed(player), player});

  for (const Table& table : pairing.tables) {
    std::vector<PlayerId> players = table.seats;
    std::sort(players.begin(), players.end());
    const TableResult* result = nullptr;
    for (const TableResult& candidate : round_results) {
      std::vector<PlayerId> at;
      for (const SeatResult& s : candidate.seats) at.push_back(s.player);
      std::sort(at.begin(), at.end());
      if (at == players) {
        result = &candidate;
        break;
      }
    }
    SP_ASSERT(result != nullptr);
    std::vector<SeatResult> order = result->seats;
    // Ties at the cut: the engine's place already orders by game points and
    // then rubles, so equal places mean equal scores, unless a seat was placed
    // last for leaving; game points and rubles still come before the seeding
    // so the rule reads the same for every table.
    std::sort(order.begin(), order.end(), [&](const SeatResult& a, const SeatResult& b) {
      return std::make_tuple(a.place, -a.game_points, -a.rubles, seed(a.player)) <
             std::make_tuple(b.place, -b.game_points, -b.rubles, seed(b.player));
    });
    const int goes = std::min(advance, static_cast<int>(order.size()) - 1);
    for (int i = 0; i < goes; ++i) {
      if (order[i].absent) continue;
      through.push_back(Through{order[i].place, seed(order[i].player), order[i].player});
    }
  }
  std::sort(through.begin(), through.end(),
            [](const Through& a, const Through& b) { return std::tie(a.place, a.seed) < std::tie(b.place, b.seed); });
  std::vector<PlayerId> next;
  for (const Through& t : through) next.push_back(t.player);
  return next;
}

}  // namespace sp::tournament
