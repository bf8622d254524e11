#include "server/league/league_kind.hpp"

#include "server/league/advance_league.hpp"

namespace sp::server {

CompetitionKind leagues_kind() {
  return CompetitionKind{"league", Due::kLeague, Due::kLeagueSweep, [](Records& db) { return db.league_ids(); },
                         advance_league};
}

}  // namespace sp::server
