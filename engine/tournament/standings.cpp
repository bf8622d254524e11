#include "engine/tournament/standings.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "engine/invariant.hpp"
#include "engine/tournament/duplicate.hpp"

namespace sp::tournament {

namespace {

// The keys a row is ordered by, every one "smaller is better", so that one
// tuple comparison states the order and the equality that shares a rank.
auto sort_key(const StandingRow& row, const StandingsRules& rules) {
  const bool elimination = rules.format == Format::kElimination;
  return std::make_tuple(elimination ? -row.last_round : 0, elimination ? row.last_place : 0,
                         rules.duplicate ? -row.matchpoints.value : 0, -row.points.value, -row.game_points,
                         -row.rubles, -row.schedule_strength.value);
}

}  // namespace

std::vector<StandingRow> standings(std::span<const Entrant> entrants, std::span<const TableResult> results,
                                   std::span<const Bye> byes, const StandingsRules& rules) {
  std::vector<StandingRow> rows;
  std::map<PlayerId, std::size_t> row_of;
  for (const Entrant& entrant : entrants) {
    SP_ASSERT(row_of.count(entrant.player) == 0);
    row_of[entrant.player] = rows.size();
    StandingRow row;
    row.player = entrant.player;
    rows.push_back(row);
  }
  const auto row = [&](PlayerId player) -> StandingRow& {
    const auto found = row_of.find(player);
    SP_ASSERT(found != row_of.end());
    return rows[found->second];
  };
  const auto reached = [](StandingRow& r, int round, int place) {
    if (round > r.last_round || (round == r.last_round && place < r.last_place)) {
      r.last_round = round;
      r.last_place = place;
    }
  };

  for (const TableResult& result : results) {
    const int size = static_cast<int>(result.seats.size());
    SP_ASSERT(size == result.table_size);
    for (const SeatResult& seat : result.seats) {
      const int tied = static_cast<int>(std::count_if(result.seats.begin(), result.seats.end(),
                                                      [&](const SeatResult& s) { return s.place == seat.place; }));
      StandingRow& r = row(seat.player);
      r.points += rules.points.shared(size, seat.place, tied);
      ++r.games;
      r.game_points += seat.game_points;
      r.rubles += seat.rubles;
      reached(r, result.round, seat.place);
    }
  }
  for (const Bye& bye : byes) {
    StandingRow& r = row(bye.player);
    r.points += rules.bye_points;
    ++r.byes;
    reached(r, bye.round, 1);
    if (rules.duplicate) r.matchpoints += bye_matchpoints(results, bye.round);
  }
  if (rules.duplicate) {
    for (const auto& [player, matchpoints] : duplicate_matchpoints(results)) row(player).matchpoints += matchpoints;
  }
  // Schedule strength reads the final points, so it comes after every game and bye.
  for (const TableResult& result : results) {
    for (const SeatResult& seat : result.seats) {
      StandingRow& r = row(seat.player);
      for (const SeatResult& other : result.seats) {
        if (&other != &seat) r.schedule_strength += row(other.player).points;
      }
    }
  }

  std::map<PlayerId, int> rating;
  for (const Entrant& entrant : entrants) rating[entrant.player] = entrant.seed_rating;
  std::sort(rows.begin(), rows.end(), [&](const StandingRow& a, const StandingRow& b) {
    const auto ka = sort_key(a, rules);
    const auto kb = sort_key(b, rules);
    if (ka != kb) return ka < kb;
    return std::make_pair(-rating[a.player], a.player) < std::make_pair(-rating[b.player], b.player);
  });
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const bool shares = i > 0 && sort_key(rows[i], rules) == sort_key(rows[i - 1], rules);
    rows[i].rank = shares ? rows[i - 1].rank : static_cast<int>(i) + 1;
  }
  return rows;
}

}  // namespace sp::tournament
