// A finished tournament's results bundle (docs/tournaments.md "Checking the
// results", docs/records.md): JSON lines anyone can check offline with
// `spb verify-tournament`. The first line describes the tournament (its
// format and rules, its entrants, its rounds and byes, and its standings as
// the server computed them); then each table of the tournament, round then
// table order, as a line naming its round, number and seats followed by its
// game's complete record lines (docs/records.md, unchanged: `spb verify-deal`
// accepts them on their own); a last line closes the bundle. One struct, its
// one encoder and its reading back; what the lines mean together (the games'
// proofs, the standings and the pairings recomputed) is the server's.
#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/expected.hpp"
#include "protocol/tournament_status.hpp"

namespace sp::protocol {

inline constexpr const char* kBundleFormat = "spb-tournament";
inline constexpr int kBundleVersion = 1;

struct BundleEntrant {
  std::int64_t player = 0;  // the account's id: the standings and the seats name players by it
  std::string name;
  std::optional<double> seed_rating;  // the displayed rating the seeding used
  std::optional<std::int64_t> left_at;
  std::optional<std::string> left;  // "withdrew" or "disqualified"
  std::optional<std::string> left_reason;
  friend bool operator==(const BundleEntrant&, const BundleEntrant&) = default;
};

// A duplicate round's deal (docs/fairness.md, "Duplicate deals"): its
// secret, committed before the round, and what its players contributed.
struct BundleDeal {
  std::string commitment;  // 64 hex digits
  std::string secret;      // 64 hex digits
  struct Contribution {
    std::int64_t player = 0;
    std::string contribution;  // 64 hex digits
    std::int64_t given_at = 0;
    friend bool operator==(const Contribution&, const Contribution&) = default;
  };
  std::vector<Contribution> contributions;  // in the order given
  friend bool operator==(const BundleDeal&, const BundleDeal&) = default;
};

struct BundleRound {
  int round = 0;
  std::int64_t started_at = 0;
  std::optional<std::int64_t> finished_at;
  std::optional<BundleDeal> deal;  // a duplicate tournament's rounds only
  friend bool operator==(const BundleRound&, const BundleRound&) = default;
};

struct BundleBye {
  int round = 0;
  std::int64_t player = 0;
  friend bool operator==(const BundleBye&, const BundleBye&) = default;
};

// A row of the standings as the server computed them (engine/tournament/standings.hpp).
struct BundleStanding {
  int rank = 0;
  std::int64_t player = 0;
  std::string name;
  int points_half = 0;  // written as points (10.5), like the protocol's standings
  int games = 0;
  int game_points = 0;
  int rubles = 0;
  int schedule_strength_half = 0;
  int matchpoints_half = 0;
  int byes = 0;
  int last_round = 0;
  int last_place = 0;
  bool left = false;
  friend bool operator==(const BundleStanding&, const BundleStanding&) = default;
};

struct BundleSeat {
  int seat = 0;
  std::int64_t player = 0;
  std::string name;
  friend bool operator==(const BundleSeat&, const BundleSeat&) = default;
};

// A table of the tournament and its game's record.
struct BundleTable {
  int round = 0;
  int number = 0;          // its number in the round, from 1
  std::int64_t table = 0;  // its id on the server (the record's header names it too)
  std::string status;      // a table status's word: finished or aborted
  std::vector<BundleSeat> seats;  // in seat order
  // The seats whose person no longer played them when the game ended (a
  // robot or nobody after timeouts, or after the player left): the record's
  // moves cannot always tell (a seat taken back after a timeout shows only in
  // the log), so the bundle states it; they are placed last (docs/tournaments.md).
  std::vector<int> abandoned;
  std::vector<std::string> record;  // the game record's lines (docs/records.md), without their line ends
  friend bool operator==(const BundleTable&, const BundleTable&) = default;
};

struct TournamentBundle {
  std::int64_t id = 0;
  std::string name;
  std::string creator;
  TournamentStatus status = TournamentStatus::kFinished;
  TournamentFormat format = TournamentFormat::kSwiss;
  int rounds = 0;
  int table_players = 0;
  std::optional<int> group_size;
  std::optional<int> advance;
  bool duplicate = false;
  std::int64_t created_at = 0;
  std::int64_t starts_at = 0;
  std::optional<std::int64_t> finished_at;
  // The standings' rules: points_half[n] is the row of a table of n players
  // (place 1 first), in half-points; sizes without a row are empty.
  std::vector<std::vector<int>> points_half;
  int bye_points_half = 12;
  std::vector<BundleEntrant> entrants;
  std::vector<BundleRound> played;  // each round played, round 1 first
  std::vector<BundleBye> byes;
  std::vector<BundleStanding> standings;  // best first
  std::vector<BundleTable> tables;        // round then number order
  friend bool operator==(const TournamentBundle&, const TournamentBundle&) = default;

  // The first line, each table's line and record lines, the last line.
  void write_lines(std::ostream& out) const;
};

std::string bundle_text(const TournamentBundle& bundle);

// The result of tournament_bundle: {"bundle": "<the bundle's lines>"}.
struct BundleData {
  std::string text;
};
std::string encode_data(const BundleData& data);

// A bundle read back: the file's lines (or, when the whole input is one JSON
// object holding "bundle" text, as the tournament_bundle request's result or
// its whole result frame, that text). The error is a sentence naming the line.
Expected<TournamentBundle, std::string> read_bundle(std::istream& in);

}  // namespace sp::protocol
