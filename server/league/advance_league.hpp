// A league moved on, in one store job, as far as its state allows
// (docs/leagues.md "A league's year"): a season started at its date, with its
// divisions placed and its whole schedule written; each table of it started
// as soon as its players have room (waves); at the season's finish date the
// seats still played by people handed to the robot and the tables not
// started left unplayed; and the season ended once its last table has, its
// moves written and its players told, the next season's date set.
//
// The job first holds the league's row (Records::hold_league), so that of
// several nodes looking at once each step is taken by one, and every step is
// claimed by a conditional write (start_season, set_league_table_started,
// finish_season): it happens exactly once however many nodes, or restarts,
// try it.
#pragma once

#include <cstdint>

#include "server/store/records.hpp"
#include "server/tournament/advance.hpp"

namespace sp::server {

// A league's step gives what a tournament's does: tables to serve, notices
// to deliver, seats to hand to the robot, and when to look again.
Advanced advance_league(Records& db, std::int64_t league_id, std::int64_t now);

}  // namespace sp::server
