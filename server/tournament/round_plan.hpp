// A tournament's stored rows as its competition rules read them
// (engine/tournament/), and what the rules make of them: the standings and
// the next round's pairing. Pure: the callers read the rows in a store job.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <vector>

#include "engine/tournament/standings.hpp"
#include "engine/tournament/types.hpp"
#include "server/store/tournament_rows.hpp"

namespace sp::server {

// Everything played so far, in the rules' values.
struct TournamentPast {
  std::vector<tournament::Entrant> entrants;  // every registered player, left ones too
  std::set<std::int64_t> still_in;            // registered and not left
  std::vector<tournament::TableResult> results;
  std::vector<tournament::Bye> byes;
  // Each round's tables as they were paired (round 1 first), seats in order.
  std::vector<tournament::RoundPairing> rounds;
};

// The seed of a Swiss round's pairing: public, as the pairing is, and only
// ordering players nothing tells apart, so a verifier pairs the round again.
std::uint64_t pairing_seed(std::int64_t tournament_id, int round);

// A seed rating in the rules' whole numbers: the displayed rating in hundredths.
int seed_value(std::optional<double> displayed_rating);

// `tables`: the tournament's tables (Records::tournament_tables). A table an
// administrator aborted scores as a bye for each of its players
// (docs/tournaments.md); a seat abandoned after timeouts is placed last.
// `duplicate`: a duplicate tournament's, every table dealt its round's deal.
TournamentPast past_of(const std::vector<TournamentPlayerRecord>& players,
                       const std::vector<TournamentResultRecord>& results,
                       const std::vector<TournamentByeRecord>& byes,
                       const std::vector<TournamentTableRecord>& tables, bool duplicate);

tournament::StandingsRules standings_rules(const TournamentRecord& t);
std::vector<tournament::StandingRow> standings_of(const TournamentRecord& t, const TournamentPast& past);

// How many rounds an elimination of `field` players at tables of
// `table_players` plays, `advance` going through from each table: rounds
// until one table is left.
int elimination_rounds(int field, int table_players, int advance);

// How many rounds the tournament plays, from its field at the start: the
// rounds it was created with (Swiss), a full round robin of its groups, or
// elimination rounds until one table is left.
int planned_rounds(const TournamentRecord& t, const TournamentPast& past);

// The pairing of round `round` (from 1), the rounds before it played;
// nothing when the tournament has no such round: its rounds are played, or
// too few players are left to seat a table.
std::optional<tournament::RoundPairing> plan_round(const TournamentRecord& t, const TournamentPast& past, int round);

}  // namespace sp::server
