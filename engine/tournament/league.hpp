// Leagues: seasons of a set length, divisions of a set size, promotion and
// relegation between seasons, newcomers placed at the bottom or by rating, and
// a season's tables started in waves so nobody plays too many at once. Pure
// functions of their inputs, like the rest of sp_tournament; the server keeps
// the league, calls them at a season's start and end and as tables end.
//
// docs/leagues.md states the rules in words.
#pragma once

#include "engine/tournament/league_divisions.hpp"
#include "engine/tournament/league_rules.hpp"
#include "engine/tournament/league_schedule.hpp"
#include "engine/tournament/league_waves.hpp"
