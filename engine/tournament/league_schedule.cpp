#include "engine/tournament/league_schedule.hpp"

#include <algorithm>
#include <set>

#include "engine/invariant.hpp"
#include "engine/tournament/round_robin.hpp"

namespace sp::tournament {

DivisionSchedule division_schedule(std::span<const PlayerId> division, const LeagueRules& rules) {
  SP_ASSERT(valid(rules));
  SP_ASSERT(division.size() >= 3);
  SP_ASSERT(std::set<PlayerId>(division.begin(), division.end()).size() == division.size());
  const int size = static_cast<int>(division.size());
  // One table already seats every pair together: a round robin's seat
  // rotation over `size` rounds is for tournaments; a league's deal draws who
  // starts, so one meeting is one table.
  const int rounds = size <= rules.table_size ? 1 : round_robin_rounds(size, rules.table_size);
  DivisionSchedule schedule;
  for (int cycle = 0; cycle < rules.meetings; ++cycle) {
    Groups group(1, std::vector<PlayerId>(division.begin(), division.end()));
    std::rotate(group[0].begin(), group[0].begin() + cycle * size / rules.meetings, group[0].end());
    for (int r = 0; r < rounds; ++r) {
      const int round = cycle * rounds + r + 1;
      RoundPairing pairing = round_robin_round(group, r, rules.table_size);
      for (std::size_t t = 0; t < pairing.tables.size(); ++t) {
        schedule.tables.push_back(SeasonTable{round, static_cast<int>(t), std::move(pairing.tables[t])});
      }
      for (PlayerId player : pairing.byes) schedule.byes.push_back(Bye{round, player});
    }
  }
  return schedule;
}

}  // namespace sp::tournament
