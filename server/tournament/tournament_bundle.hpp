// A finished tournament's results bundle (protocol/tournament_bundle.hpp,
// docs/tournaments.md "Checking the results"): filled from the store, each
// table's record built by a replay of its log (server/table/game_record.hpp);
// and the checks `spb verify-tournament` makes on a bundle beyond each game's
// own proof: the standings' arithmetic and the pairing of every round, with
// the same code the server ran (round_plan.hpp, engine/tournament/).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/expected.hpp"
#include "engine/state.hpp"
#include "protocol/tournament_bundle.hpp"
#include "server/store/records.hpp"

namespace sp::server {

// Everything a bundle is made of, read in one store job; the replays are
// made from it later, off the writer thread.
struct TournamentRows {
  TournamentRecord tournament;
  std::vector<TournamentPlayerRecord> players;
  std::vector<TournamentRoundRecord> rounds;
  std::vector<TournamentByeRecord> byes;
  std::vector<TournamentTableRecord> tables;
  std::vector<TournamentResultRecord> results;
  std::vector<TournamentDealRecord> deals;  // a duplicate tournament's
  struct Game {
    std::optional<TableRecord> table;
    std::vector<MoveRecord> moves;
  };
  std::vector<Game> games;  // one per table of `tables`, in its order
};

TournamentRows read_tournament_rows(Records& db, const TournamentRecord& t);

// The bundle; an error sentence when one of the tables has no record (it
// does not replay, or is missing). REQUIRES: the tournament is finished (a
// running game's record holds its seed: never before).
Expected<protocol::TournamentBundle, std::string> bundle_of(const TournamentRows& rows);

// A game of the bundle as its replay ended: each seat's place, final total
// and rubles. Nothing for a game that is not over (an aborted table).
struct GameEnd {
  struct Seat {
    int place = 0;
    int total = 0;
    int rubles = 0;
  };
  std::vector<Seat> seats;  // by seat
};
std::optional<GameEnd> game_end(const engine::GameState& state);

// What went wrong, in a sentence; nothing when the check holds.
//
// The tables agree with their records (ids, seats, status) and with the
// entrants; `ends` holds each table's game end as the verifier's replay of
// its record reached it, in the bundle's table order.
// A duplicate tournament's rounds each have a deal whose secret matches its
// commitment and whose contributions are entrants', one each, given before
// the round started; every table of the round names that deal (the same
// commitment, secret and contributions). With each game's own proof (its
// seed is the one its deal gives its table size), every table of a round
// and size was dealt the same cards.
std::optional<std::string> check_tables(const protocol::TournamentBundle& bundle);
// Every finished table's result rebuilt from its game's end (places, final
// points, rubles; abandoned seats placed last), the standings recomputed
// from them, the entrants and the byes, and compared row by row.
std::optional<std::string> check_standings(const protocol::TournamentBundle& bundle,
                                           const std::vector<std::optional<GameEnd>>& ends);
// Every round paired again from the rounds before it (plan_round: the
// seeding, the standings, the history, pairing_seed) and compared with the
// bundle's tables, seat by seat, and its byes; the players of each round
// checked against who had left by its start.
std::optional<std::string> check_pairings(const protocol::TournamentBundle& bundle,
                                          const std::vector<std::optional<GameEnd>>& ends);

}  // namespace sp::server
