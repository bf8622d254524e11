#include "engine/tournament/round_robin.hpp"

#include <algorithm>
#include <numeric>

#include "engine/invariant.hpp"
#include "engine/tournament/arrangement.hpp"
#include "engine/tournament/table_sizes.hpp"

namespace sp::tournament {

namespace {

// A group of more players than a table: its rounds built one after another.
class Schedule {
 public:
  Schedule(int group_size, int table_size)
      : size_(group_size),
        table_size_(table_size),
        met_(static_cast<std::size_t>(group_size) * group_size, 0),
        byes_(static_cast<std::size_t>(group_size), 0) {}

  // Plays the next round and returns its tables and byes as indices into the
  // group.
  std::pair<std::vector<std::vector<int>>, std::vector<int>> next() {
    const std::vector<int> sizes = table_sizes(size_, table_size_);
    const int seated = std::accumulate(sizes.begin(), sizes.end(), 0);
    // Byes in turn: fewest so far, then the lowest seed.
    std::vector<int> claim(static_cast<std::size_t>(size_));
    std::iota(claim.begin(), claim.end(), 0);
    std::stable_sort(claim.begin(), claim.end(), [&](int a, int b) {
      if (byes_[a] != byes_[b]) return byes_[a] < byes_[b];
      return a > b;
    });
    std::vector<bool> out(static_cast<std::size_t>(size_), false);
    std::vector<int> byes;
    for (int i = 0; i < size_ - seated; ++i) {
      out[claim[i]] = true;
      byes.push_back(claim[i]);
      ++byes_[claim[i]];
    }
    std::sort(byes.begin(), byes.end());
    std::vector<int> players;
    for (int i = 0; i < size_; ++i) {
      if (!out[i]) players.push_back(i);
    }

    detail::ArrangeProblem problem;
    problem.count = seated;
    problem.sizes = sizes;
    problem.closeness = false;
    // Groups are small, and a round that repeats less shortens the schedule.
    problem.restarts = 40;
    problem.weight.assign(static_cast<std::size_t>(seated) * seated, 0);
    for (int a = 0; a < seated; ++a) {
      for (int b = 0; b < seated; ++b) {
        const int met = met_[static_cast<std::size_t>(players[a]) * size_ + players[b]];
        // A pair who met costs 8 (so a round brings as many new pairs as it
        // can: the schedule ends sooner) plus the square of its meetings (so a
        // pair meeting a third time costs more than two pairs meeting a second
        // time: the repeats spread over the group).
        problem.weight[static_cast<std::size_t>(a) * seated + b] = met == 0 ? 0 : 8 + met * met;
      }
    }
    std::vector<std::vector<int>> tables = detail::arrange(problem);
    for (auto& table : tables) {
      for (int& index : table) index = players[index];
      for (int a : table) {
        for (int b : table) {
          if (a != b) ++met_[static_cast<std::size_t>(a) * size_ + b];
        }
      }
    }
    return {std::move(tables), std::move(byes)};
  }

  bool everyone_met() const {
    for (int a = 0; a < size_; ++a) {
      for (int b = a + 1; b < size_; ++b) {
        if (met_[static_cast<std::size_t>(a) * size_ + b] == 0) return false;
      }
    }
    return true;
  }

 private:
  int size_;
  int table_size_;
  std::vector<int> met_;
  std::vector<int> byes_;
};

// A bound on any schedule's length: far above what the search needs (about
// twice the lower bound (size - 1) / (table - 1) at most), so reaching it
// would be a bug, not a long schedule.
int schedule_cap(int group_size) { return group_size * group_size; }

}  // namespace

Groups round_robin_groups(std::span<const Entrant> entrants, int group_size) {
  SP_ASSERT(group_size >= 3);
  std::vector<Entrant> seeded(entrants.begin(), entrants.end());
  std::stable_sort(seeded.begin(), seeded.end(),
                   [](const Entrant& a, const Entrant& b) { return a.seed_rating > b.seed_rating; });
  const int field = static_cast<int>(seeded.size());
  int count = std::max(1, (field + group_size - 1) / group_size);
  while (count > 1 && field / count < 3) --count;
  Groups groups(static_cast<std::size_t>(count));
  for (int i = 0; i < field; ++i) {
    const int row = i / count;
    const int column = i % count;
    const int group = row % 2 == 0 ? column : count - 1 - column;
    groups[group].push_back(seeded[i].player);
  }
  return groups;
}

RoundPairing round_robin_round(const Groups& groups, int round_index, int table_size) {
  SP_ASSERT(round_index >= 0);
  SP_ASSERT(table_size >= 3 && table_size <= 5);
  RoundPairing pairing;
  for (const std::vector<PlayerId>& group : groups) {
    const int size = static_cast<int>(group.size());
    if (size < 2) {
      pairing.byes.insert(pairing.byes.end(), group.begin(), group.end());
      continue;
    }
    if (size <= table_size) {
      // One table: seat s holds the group's player s + round, so each player
      // moves one seat towards seat 0 each round and takes every seat once.
      Table table;
      for (int seat = 0; seat < size; ++seat) table.seats.push_back(group[(seat + round_index) % size]);
      pairing.tables.push_back(std::move(table));
      continue;
    }
    Schedule schedule(size, table_size);
    std::pair<std::vector<std::vector<int>>, std::vector<int>> round;
    for (int r = 0; r <= round_index; ++r) round = schedule.next();
    for (const std::vector<int>& indices : round.first) {
      // Seats rotated by the round so that no player keeps seat 0.
      Table table;
      const int n = static_cast<int>(indices.size());
      for (int seat = 0; seat < n; ++seat) table.seats.push_back(group[indices[(seat + round_index) % n]]);
      pairing.tables.push_back(std::move(table));
    }
    for (int index : round.second) pairing.byes.push_back(group[index]);
  }
  return pairing;
}

int round_robin_rounds(int group_size, int table_size) {
  SP_ASSERT(group_size >= 2);
  SP_ASSERT(table_size >= 3 && table_size <= 5);
  if (group_size <= table_size) return group_size;
  Schedule schedule(group_size, table_size);
  int rounds = 0;
  while (!schedule.everyone_met()) {
    SP_ASSERT(rounds < schedule_cap(group_size));
    schedule.next();
    ++rounds;
  }
  return rounds;
}

int round_robin_rounds(const Groups& groups, int table_size) {
  int rounds = 0;
  for (const auto& group : groups) {
    if (group.size() >= 2) rounds = std::max(rounds, round_robin_rounds(static_cast<int>(group.size()), table_size));
  }
  return rounds;
}

}  // namespace sp::tournament
