// Tournaments' competition rules, all pure and deterministic: table sizes,
// Swiss, round robin and elimination pairing, duplicate seating and
// matchpoints, the standings, and leagues' divisions, seasons and waves.
// C++20 standard library only (plus the
// engine's Rng and SP_ASSERT); no clock, no I/O, no threads. Every function is
// safe to call from any thread: none keeps state.
//
// docs/tournaments.md, "Pairing and standings", and docs/leagues.md state the
// rules for players and organisers; the headers below state them for
// programmers.
#pragma once

#include "engine/tournament/duplicate.hpp"
#include "engine/tournament/elimination.hpp"
#include "engine/tournament/history.hpp"
#include "engine/tournament/league.hpp"
#include "engine/tournament/points.hpp"
#include "engine/tournament/round_robin.hpp"
#include "engine/tournament/standings.hpp"
#include "engine/tournament/swiss.hpp"
#include "engine/tournament/table_sizes.hpp"
#include "engine/tournament/types.hpp"
