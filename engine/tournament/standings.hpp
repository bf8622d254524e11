// The standings: the one computation of a tournament's table of results. The
// server's page, the results bundle and `spb verify-tournament` all call it, so
// it is a pure function of the entrants, the finished tables, the byes and the
// rules, in integers only.
#pragma once

#include <span>
#include <vector>

#include "engine/tournament/points.hpp"
#include "engine/tournament/types.hpp"

namespace sp::tournament {

struct StandingRow {
  int rank = 0;  // shared by rows equal on every key: 1, 2, 2, 4
  PlayerId player = 0;
  HalfPoints points;              // by place at each table, plus the byes
  int games = 0;                  // tables played
  int game_points = 0;            // the games' final points, summed
  int rubles = 0;                 // the games' final rubles, summed
  HalfPoints schedule_strength;   // the points of everyone the player sat with, once per game
  HalfPoints matchpoints;         // duplicate tournaments only (0 otherwise)
  int byes = 0;
  int last_round = 0;             // the last round played or sat out (0: none yet)
  int last_place = 0;             // the place in that round's game (1 for a bye; 0: none yet)
  friend bool operator==(const StandingRow&, const StandingRow&) = default;
};

struct StandingsRules {
  Format format = Format::kSwiss;
  bool duplicate = false;
  PointsTable points = PointsTable::standard();
  // A bye's points: 12 half-points (6 points) by default, the middle between
  // winning and coming last.
  HalfPoints bye_points{12};
  friend bool operator==(const StandingsRules&, const StandingsRules&) = default;
};

// The standings, best first. Each seat earns rules.points.shared(table size,
// place, how many share the place); each bye earns rules.bye_points (and, in
// a duplicate tournament, bye_matchpoints of its round).
//
// Order, each key deciding only when the ones before are equal:
//   elimination only: the last round reached (later first), then the place in
//     that round's game;
//   duplicate only: matchpoints;
//   points; game points; rubles; schedule strength (all higher first);
// and rows equal on all of these share a rank. Rows that share a rank are
// listed by seed_rating (higher first), then by player id.
// A seat marked absent counts with the place the result gives it (the caller
// places abandoned seats last); in duplicate matchpoints it loses to every
// present seat.
// Every entrant has a row, with zeros until they play.
// REQUIRES: every player of results and byes is an entrant; each result's
// places are the engine's (1 .. n, tied seats sharing the first place they cover)
std::vector<StandingRow> standings(std::span<const Entrant> entrants, std::span<const TableResult> results,
                                   std::span<const Bye> byes, const StandingsRules& rules);

}  // namespace sp::tournament
