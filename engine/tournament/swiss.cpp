#include "engine/tournament/swiss.hpp"

#include <algorithm>
#include <numeric>

#include "engine/invariant.hpp"
#include "engine/rng.hpp"
#include "engine/tournament/arrangement.hpp"
#include "engine/tournament/table_sizes.hpp"

namespace sp::tournament {

StandingOrder seeding_order(std::span<const Entrant> entrants) {
  std::vector<Entrant> sorted(entrants.begin(), entrants.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const Entrant& a, const Entrant& b) { return a.seed_rating > b.seed_rating; });
  StandingOrder order;
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    order.players.push_back(sorted[i].player);
    const bool tied = i > 0 && sorted[i].seed_rating == sorted[i - 1].seed_rating;
    order.ranks.push_back(tied ? order.ranks.back() : static_cast<int>(i) + 1);
  }
  return order;
}

RoundPairing swiss_round(std::span<const PlayerId> standing_order, const History& history, int preferred_size,
                         std::uint64_t seed, std::span<const int> ranks) {
  SP_ASSERT(preferred_size >= 3 && preferred_size <= 5);
  SP_ASSERT(ranks.empty() || ranks.size() == standing_order.size());
  std::vector<PlayerId> order(standing_order.begin(), standing_order.end());
  {
    std::vector<PlayerId> unique = order;
    std::sort(unique.begin(), unique.end());
    SP_ASSERT(std::adjacent_find(unique.begin(), unique.end()) == unique.end());
  }

  // Only players the standings cannot tell apart are shuffled, each run on
  // its own, so the seed never overrules the standings.
  engine::Rng rng(seed);
  for (std::size_t begin = 0; begin < order.size() && !ranks.empty();) {
    std::size_t end = begin + 1;
    while (end < order.size() && ranks[end] == ranks[begin]) ++end;
    rng.shuffle(std::span<PlayerId>(order.data() + begin, end - begin));
    begin = end;
  }

  const int field = static_cast<int>(order.size());
  const std::vector<int> sizes = table_sizes(field, preferred_size);
  const int seated = std::accumulate(sizes.begin(), sizes.end(), 0);

  // Byes first (priority 2 outranks repeats): fewest byes so far, then lowest
  // in the standings.
  std::vector<int> by_bye_claim(static_cast<std::size_t>(field));
  std::iota(by_bye_claim.begin(), by_bye_claim.end(), 0);
  std::stable_sort(by_bye_claim.begin(), by_bye_claim.end(), [&](int a, int b) {
    const int byes_a = history.byes(order[a]);
    const int byes_b = history.byes(order[b]);
    if (byes_a != byes_b) return byes_a < byes_b;
    return a > b;
  });
  std::vector<bool> sits_out(static_cast<std::size_t>(field), false);
  for (int i = 0; i < field - seated; ++i) sits_out[by_bye_claim[i]] = true;

  RoundPairing pairing;
  std::vector<PlayerId> players;  // the seated, in standing order
  for (int i = 0; i < field; ++i) {
    if (sits_out[i]) {
      pairing.byes.push_back(order[i]);
    } else {
      players.push_back(order[i]);
    }
  }

  detail::ArrangeProblem problem;
  problem.count = seated;
  problem.sizes = sizes;
  problem.closeness = true;
  problem.weight.assign(static_cast<std::size_t>(seated) * seated, 0);
  for (int a = 0; a < seated; ++a) {
    for (int b = a + 1; b < seated; ++b) {
      const int met = history.meetings(players[a], players[b]);
      problem.weight[static_cast<std::size_t>(a) * seated + b] = met;
      problem.weight[static_cast<std::size_t>(b) * seated + a] = met;
    }
  }
  std::vector<std::vector<int>> tables = detail::arrange(problem);
  // Table 0 holds the leader: tables numbered by their best-placed player.
  std::sort(tables.begin(), tables.end(), [](const auto& a, const auto& b) { return a.front() < b.front(); });
  for (const auto& indices : tables) {
    Table table;
    for (int index : indices) table.seats.push_back(players[index]);
    pairing.tables.push_back(std::move(table));
  }
  return pairing;
}

RoundPairing swiss_round(const StandingOrder& order, const History& history, int preferred_size,
                         std::uint64_t seed) {
  return swiss_round(order.players, history, preferred_size, seed, order.ranks);
}

int repeat_meetings(const RoundPairing& pairing, const History& history) {
  int repeats = 0;
  for (const Table& table : pairing.tables) {
    for (std::size_t i = 0; i < table.seats.size(); ++i) {
      for (std::size_t j = i + 1; j < table.seats.size(); ++j) repeats += history.meetings(table.seats[i], table.seats[j]);
    }
  }
  return repeats;
}

}  // namespace sp::tournament
