// Tournament points: what each finishing place earns, in exact integers.
//
// Points are counted in half-points so that the standings' arithmetic is exact
// and a verifier recomputes it bit for bit: the standard table is an arithmetic
// progression, so seats that tie share the average of the places they cover,
// which is always a whole number of half-points. A value type; no state.
#pragma once

#include <array>
#include <compare>
#include <vector>

#include "engine/tournament/types.hpp"

namespace sp::tournament {

// A number of half-points: value 24 is 12 points. Shown to people as
// value / 2 with ".5" when odd.
struct HalfPoints {
  int value = 0;

  HalfPoints& operator+=(HalfPoints other) {
    value += other.value;
    return *this;
  }
  friend HalfPoints operator+(HalfPoints a, HalfPoints b) { return HalfPoints{a.value + b.value}; }
  friend bool operator==(HalfPoints, HalfPoints) = default;
  friend auto operator<=>(HalfPoints, HalfPoints) = default;
};

// The points for each place at each table size.
//
// The standard table (standard()) gives the winner 12 points and the last 0,
// linear between, so a table of any size weighs the same:
//   5 players: 12 9 6 3 0    4 players: 12 8 4 0    3 players: 12 6 0    2 players: 12 0
// (in half-points: twice these). An organiser may set another row per size.
struct PointsTable {
  // by_size[n][place - 1]: the half-points of that place at a table of n.
  // Rows for sizes below kMinTableSize are empty.
  std::array<std::vector<HalfPoints>, kMaxTableSize + 1> by_size;

  static PointsTable standard();

  // Replaces one size's row.
  // REQUIRES: kMinTableSize <= table_size <= kMaxTableSize, row.size() == table_size
  void set(int table_size, std::vector<HalfPoints> row);

  // What a seat earns at `place` when `tied` seats (itself included) share
  // that place number: the average of the places place .. place + tied - 1,
  // rounded down to the half-point (exact for the standard table, whose rows
  // are arithmetic progressions).
  // REQUIRES: a row for table_size, tied >= 1, place >= 1, place + tied - 1 <= table_size
  HalfPoints shared(int table_size, int place, int tied) const;

  friend bool operator==(const PointsTable&, const PointsTable&) = default;
};

}  // namespace sp::tournament
