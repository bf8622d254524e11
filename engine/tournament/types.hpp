// The values a tournament's competition rules work on: who plays, how a table
// ended, and how a round is seated. Plain regular values, no behaviour: the
// server stores them, the bundle carries them and `spb verify-tournament`
// reads them back, and every rule in this folder is a pure function of them.
//
// docs/tournaments.md, "Pairing and standings", states the rules in words.
#pragma once

#include <cstdint>
#include <vector>

namespace sp::tournament {

// The account's user id: a tournament knows its players by account, not by
// name, so a renamed player keeps their standing.
using PlayerId = std::int64_t;

// The smallest and largest tables the rules deal with. A round's tables hold
// 3 to 5 players; only an elimination final may hold 2 (docs/tournaments.md).
inline constexpr int kMinTableSize = 2;
inline constexpr int kMaxTableSize = 5;

enum class Format : std::uint8_t { kSwiss, kRoundRobin, kElimination };

// A registered player and their seeding value (the rating at the start: the
// order before round 1, higher first).
struct Entrant {
  PlayerId player = 0;
  int seed_rating = 0;
  friend bool operator==(const Entrant&, const Entrant&) = default;
};

// One seat of a finished game, as the engine scored it. `place` is the
// engine's: 1 = winner, tied seats share one place number (1, 2, 2, 4).
// `absent` marks a seat its player abandoned or withdrew from; the caller
// places such seats last before handing the result over.
struct SeatResult {
  PlayerId player = 0;
  int place = 0;
  int game_points = 0;
  int rubles = 0;
  bool absent = false;
  friend bool operator==(const SeatResult&, const SeatResult&) = default;
};

// One finished table of a round. `seats` is in seat order (seat 0 first), which
// duplicate matchpoints need: players are compared with those who held the
// same seat of the same deal. `duplicate_deal`: the table was dealt from its
// round's shared seed for its size. Rounds are numbered from 1.
struct TableResult {
  int round = 0;
  int table = 0;
  int table_size = 0;
  std::vector<SeatResult> seats;
  bool duplicate_deal = false;
  friend bool operator==(const TableResult&, const TableResult&) = default;
};

// A player who sat out a round because the field could not be seated whole.
struct Bye {
  int round = 0;
  PlayerId player = 0;
  friend bool operator==(const Bye&, const Bye&) = default;
};

// One table of a pairing, seat 0 first.
struct Table {
  std::vector<PlayerId> seats;
  friend bool operator==(const Table&, const Table&) = default;
};

// A round as paired: its tables (table 0 first) and the players who sit out.
struct RoundPairing {
  std::vector<Table> tables;
  std::vector<PlayerId> byes;
  friend bool operator==(const RoundPairing&, const RoundPairing&) = default;
};

}  // namespace sp::tournament
