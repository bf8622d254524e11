#include "engine/tournament/league_divisions.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "engine/invariant.hpp"

namespace sp::tournament {

namespace {

// Higher rating first, then lower id: an order that depends on who the
// players are, not on the order they were listed in.
void sort_by_rating(std::vector<Entrant>& entrants) {
  std::sort(entrants.begin(), entrants.end(), [](const Entrant& a, const Entrant& b) {
    if (a.seed_rating != b.seed_rating) return a.seed_rating > b.seed_rating;
    return a.player < b.player;
  });
}

// The ladder cut into divisions of `sizes`, the newcomers placed in division d
// (placed[d]) taking places of the ladder's own players there. No sizes (too
// few players for a table) make no division.
Divisions cut(const std::vector<PlayerId>& ladder, const std::vector<int>& sizes, const Divisions& placed) {
  if (sizes.empty()) return {};
  Divisions divisions;
  std::size_t next = 0;
  for (std::size_t d = 0; d < sizes.size(); ++d) {
    const std::size_t own = static_cast<std::size_t>(sizes[d]) - (d < placed.size() ? placed[d].size() : 0);
    std::vector<PlayerId> division(ladder.begin() + static_cast<std::ptrdiff_t>(next),
                                   ladder.begin() + static_cast<std::ptrdiff_t>(next + own));
    if (d < placed.size()) division.insert(division.end(), placed[d].begin(), placed[d].end());
    divisions.push_back(std::move(division));
    next += own;
  }
  SP_ASSERT(next == ladder.size());
  return divisions;
}

// Steps 1 and 2: the players staying, in the new season's ladder order.
std::vector<PlayerId> ladder_after_moves(const SeasonEnd& season, const LeagueRules& rules) {
  const std::set<PlayerId> leaving(season.leavers.begin(), season.leavers.end());
  const int count = static_cast<int>(season.final_order.size());
  Divisions down(season.final_order.size()), stay(season.final_order.size()), up(season.final_order.size());
  for (int d = 0; d < count; ++d) {
    const std::vector<PlayerId>& order = season.final_order[d];
    const std::vector<Move> moves = division_moves(static_cast<int>(order.size()), d, count, rules);
    for (std::size_t place = 0; place < order.size(); ++place) {
      if (leaving.count(order[place]) != 0) continue;
      if (moves[place] == Move::kUp) up[d - 1].push_back(order[place]);
      if (moves[place] == Move::kStay) stay[d].push_back(order[place]);
      if (moves[place] == Move::kDown) down[d + 1].push_back(order[place]);
    }
  }
  std::vector<PlayerId> ladder;
  for (int d = 0; d < count; ++d) {
    for (const Divisions* part : {&down, &stay, &up}) ladder.insert(ladder.end(), (*part)[d].begin(), (*part)[d].end());
  }
  return ladder;
}

// Step 3 by rating: the newcomers each division above the bottom takes, and
// (returned through `bottom`) those left for the bottom, best rated first.
Divisions placed_by_rating(const std::vector<PlayerId>& ladder, const std::vector<Entrant>& newcomers,
                           const SeasonEnd& season, const LeagueRules& rules, std::vector<PlayerId>& bottom) {
  std::map<PlayerId, int> rating;
  for (const Entrant& entrant : season.ratings) rating[entrant.player] = entrant.seed_rating;
  const Divisions before = cut(ladder, division_sizes(static_cast<int>(ladder.size()), rules.division_size), {});
  std::vector<int> middle;
  for (std::size_t d = 0; d + 1 < before.size(); ++d) {
    std::vector<int> ratings;
    for (PlayerId player : before[d]) {
      SP_ASSERT(rating.count(player) != 0);
      ratings.push_back(rating.at(player));
    }
    std::sort(ratings.begin(), ratings.end());
    middle.push_back(ratings[(ratings.size() - 1) / 2]);
  }
  Divisions placed(middle.size());
  const std::size_t room = static_cast<std::size_t>(rules.division_size / 2);
  // Best rated first, so a full division turns away the weaker ones.
  for (const Entrant& newcomer : newcomers) {
    std::size_t d = 0;
    while (d < middle.size() && (newcomer.seed_rating < middle[d] || placed[d].size() >= room)) ++d;
    if (d < middle.size()) {
      placed[d].push_back(newcomer.player);
    } else {
      bottom.push_back(newcomer.player);
    }
  }
  return placed;
}

}  // namespace

std::vector<int> division_sizes(int players, int division_size) {
  SP_ASSERT(players >= 0);
  SP_ASSERT(division_size >= 3);
  if (players < 3) return {};
  const int full = players / division_size;
  const int left = players % division_size;
  if (full == 0) return {players};
  std::vector<int> sizes(static_cast<std::size_t>(full), division_size);
  if (left >= 3) {
    sizes.push_back(left);
  } else {
    sizes.back() += left;
  }
  return sizes;
}

Divisions first_season(std::span<const Entrant> entrants, const LeagueRules& rules) {
  SP_ASSERT(valid(rules));
  std::vector<Entrant> seeded(entrants.begin(), entrants.end());
  sort_by_rating(seeded);
  std::vector<PlayerId> ladder;
  for (const Entrant& entrant : seeded) ladder.push_back(entrant.player);
  SP_ASSERT(std::set<PlayerId>(ladder.begin(), ladder.end()).size() == ladder.size());
  return cut(ladder, division_sizes(static_cast<int>(ladder.size()), rules.division_size), {});
}

std::vector<Move> division_moves(int players, int division, int divisions, const LeagueRules& rules) {
  SP_ASSERT(valid(rules));
  SP_ASSERT(players >= 0);
  SP_ASSERT(division >= 0 && division < divisions);
  const int up = division > 0 ? std::min(rules.promoted, players) : 0;
  const int down = division + 1 < divisions ? std::min(rules.promoted, players - up) : 0;
  std::vector<Move> moves(static_cast<std::size_t>(players), Move::kStay);
  std::fill(moves.begin(), moves.begin() + up, Move::kUp);
  std::fill(moves.end() - down, moves.end(), Move::kDown);
  return moves;
}

std::vector<PlayerId> final_order(std::span<const StandingRow> rows) {
  std::vector<PlayerId> order;
  for (const StandingRow& row : rows) order.push_back(row.player);
  return order;
}

Divisions next_season(const SeasonEnd& season, const LeagueRules& rules) {
  SP_ASSERT(valid(rules));
  std::set<PlayerId> players;
  for (const std::vector<PlayerId>& division : season.final_order) {
    for (PlayerId player : division) SP_ASSERT(players.insert(player).second);
  }
  for (PlayerId player : season.leavers) SP_ASSERT(players.count(player) != 0);
  std::vector<Entrant> newcomers = season.newcomers;
  for (const Entrant& newcomer : newcomers) SP_ASSERT(players.insert(newcomer.player).second);
  sort_by_rating(newcomers);

  std::vector<PlayerId> ladder = ladder_after_moves(season, rules);
  std::vector<PlayerId> bottom;
  Divisions placed;
  if (rules.newcomers == NewcomerPlacement::kByRating) {
    placed = placed_by_rating(ladder, newcomers, season, rules, bottom);
  } else {
    for (const Entrant& newcomer : newcomers) bottom.push_back(newcomer.player);
  }
  const int total = static_cast<int>(ladder.size() + newcomers.size());
  ladder.insert(ladder.end(), bottom.begin(), bottom.end());
  return cut(ladder, division_sizes(total, rules.division_size), placed);
}

}  // namespace sp::tournament
