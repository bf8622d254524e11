// Who plays in which division: a league's first season placed by rating, and
// each next season from the last one's final standings, its leavers and its
// newcomers (docs/leagues.md, "Divisions").
//
// The league is one ladder, top first: division 0's players, then division
// 1's, and so on. At a season's end
//   1. each division's final order decides the moves (division_moves): its
//      top `promoted` places go up one division, its bottom `promoted` places
//      down one; a leaver holds their place, so nobody moves because someone
//      left;
//   2. the new ladder lists each new division as: those come down from above,
//      those who stayed, those come up from below, each in their final order;
//      leavers are taken out and the ladder closes up, so a leaver's place goes
//      to the next player down the ladder (the best of those relegated from
//      that division, who stays up) and the places left over end at the bottom;
//   3. newcomers join: at the ladder's end, best rated first (kBottom); or
//      (kByRating) each into the highest division but the bottom one whose
//      middle rating theirs reaches (the middle of its players' ratings, the
//      lower middle one for an even number, in the divisions the ladder makes
//      before any newcomer joins), below its players, at most half a
//      division of them (the best rated; the others try the division below),
//      so that a division keeps most of the players who earned their place.
//      Each newcomer placed so pushes the ladder below down one place: the
//      last of that division, and of each one below, goes down one. Those
//      whose rating reaches no such division start at the bottom;
//   4. the ladder is cut into divisions (division_sizes).
// Everything is a function of the inputs as sets: the order in which leavers,
// newcomers and ratings are given changes nothing.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/tournament/league_rules.hpp"
#include "engine/tournament/standings.hpp"
#include "engine/tournament/types.hpp"

namespace sp::tournament {

// Division 0 is the top one; each division's players in order (a season's
// final standings, or the ladder's order for a season about to start).
using Divisions = std::vector<std::vector<PlayerId>>;

// The divisions' sizes for `players` players, top first: divisions of
// `division_size`, the bottom one holding what is left when that is 3 or
// more; 1 or 2 left over join the bottom full division instead (it holds
// division_size + 1 or + 2), since a table needs 3 and taking players from
// the division above would leave two divisions short. Fewer than 3 players
// make no division: the league cannot play.
// REQUIRES: players >= 0, division_size >= 3
std::vector<int> division_sizes(int players, int division_size);

// The first season: entrants by rating (higher first, then lower player id)
// cut into divisions.
// REQUIRES: valid(rules), no player twice
Divisions first_season(std::span<const Entrant> entrants, const LeagueRules& rules);

enum class Move : std::uint8_t { kUp, kStay, kDown };

// The moves of one division's final places at a season's end, first place
// first: the top rules.promoted go up (not from division 0), the bottom
// rules.promoted go down (not from the bottom division). A division too small
// for both (only one the rules did not make) sends up first.
// Places are the standings' order, rank ties included: rows sharing a rank at
// the line are told apart by the order standings() lists them in.
// REQUIRES: valid(rules), players >= 0, 0 <= division < divisions
std::vector<Move> division_moves(int players, int division, int divisions, const LeagueRules& rules);

// A division's final order from its standings rows (standings(), best first):
// what next_season takes.
std::vector<PlayerId> final_order(std::span<const StandingRow> rows);

struct SeasonEnd {
  Divisions final_order;           // every division's players in final standing order, top division first
  std::vector<PlayerId> leavers;   // players of the league who do not play the next season
  std::vector<Entrant> newcomers;  // players joining, with their ratings
  // The ratings of the players staying; read only when newcomers are placed
  // by rating (a division's middle rating is its players' now, not last
  // season's).
  std::vector<Entrant> ratings;
};

// The next season's divisions, by the steps above.
// REQUIRES: valid(rules), no player twice among final_order, leavers are
// players of final_order, newcomers are not; with kByRating every staying
// player has a rating
Divisions next_season(const SeasonEnd& season, const LeagueRules& rules);

}  // namespace sp::tournament
