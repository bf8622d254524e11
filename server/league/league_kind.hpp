// What the competition director (server/tournament/competition_director.hpp)
// needs to move leagues on: every league is looked at hourly, each by
// advance_league.hpp's store job.
#pragma once

#include "server/tournament/competition_director.hpp"

namespace sp::server {

CompetitionKind leagues_kind();

}  // namespace sp::server
