// Tournament standings (docs/tournaments.md, "Pairing and standings"): points
// by place in half-points, byes, tie-breaks in order, shared ranks, duplicate
// matchpoints. Every number below is worked out by hand in the comments.
#include <vector>

#include <doctest/doctest.h>

#include "engine/tournament/tournament.hpp"

using namespace sp::tournament;

namespace {

SeatResult seat(PlayerId player, int place, int game_points = 0, int rubles = 0, bool absent = false) {
  return SeatResult{player, place, game_points, rubles, absent};
}

TableResult table_result(int round, int table, std::vector<SeatResult> seats, bool duplicate = false) {
  TableResult result;
  result.round = round;
  result.table = table;
  result.table_size = static_cast<int>(seats.size());
  result.seats = std::move(seats);
  result.duplicate_deal = duplicate;
  return result;
}

std::vector<Entrant> entrants_of(std::vector<PlayerId> players) {
  std::vector<Entrant> entrants;
  for (PlayerId p : players) entrants.push_back(Entrant{p, 1500});
  return entrants;
}

const StandingRow& row_of(const std::vector<StandingRow>& rows, PlayerId player) {
  for (const StandingRow& row : rows) {
    if (row.player == player) return row;
  }
  FAIL("no row for player " << player);
  return rows.front();
}

std::vector<PlayerId> order_of(const std::vector<StandingRow>& rows) {
  std::vector<PlayerId> order;
  for (const StandingRow& row : rows) order.push_back(row.player);
  return order;
}

std::vector<int> ranks_of(const std::vector<StandingRow>& rows) {
  std::vector<int> ranks;
  for (const StandingRow& row : rows) ranks.push_back(row.rank);
  return ranks;
}

}  // namespace

TEST_CASE("the standard table: the winner 12 points, the last 0, linear between, at every size") {
  const PointsTable table = PointsTable::standard();
  // In half-points: 12 points is 24.
  CHECK(table.by_size[5] == std::vector<HalfPoints>{{24}, {18}, {12}, {6}, {0}});
  CHECK(table.by_size[4] == std::vector<HalfPoints>{{24}, {16}, {8}, {0}});
  CHECK(table.by_size[3] == std::vector<HalfPoints>{{24}, {12}, {0}});
  CHECK(table.by_size[2] == std::vector<HalfPoints>{{24}, {0}});
}

TEST_CASE("a tie for first shares the first two places' points") {
  const PointsTable table = PointsTable::standard();
  CHECK(table.shared(4, 1, 2) == HalfPoints{20});  // (12 + 8) / 2 = 10 points
  CHECK(table.shared(5, 1, 2) == HalfPoints{21});  // (12 + 9) / 2 = 10.5 points: exact in half-points
  CHECK(table.shared(4, 2, 3) == HalfPoints{8});   // (8 + 4 + 0) / 3 = 4 points
  CHECK(table.shared(3, 1, 3) == HalfPoints{12});  // everyone tied: 6 points each
  CHECK(table.shared(5, 2, 4) == HalfPoints{9});   // (9 + 6 + 3 + 0) / 4 = 4.5 points
}

TEST_CASE("a custom table's shared places are rounded down to the half-point") {
  PointsTable table = PointsTable::standard();
  table.set(3, {HalfPoints{20}, HalfPoints{5}, HalfPoints{0}});
  CHECK(table.shared(3, 1, 1) == HalfPoints{20});
  CHECK(table.shared(3, 2, 2) == HalfPoints{2});  // (5 + 0) / 2 = 2.5 half-points: 2
}

TEST_CASE("a round of a table of 4, a table of 3 and a bye, worked by hand") {
  const std::vector<Entrant> entrants = entrants_of({1, 2, 3, 4, 5, 6, 7, 8});
  const std::vector<TableResult> results{
      table_result(1, 1, {seat(1, 1, 60, 5), seat(2, 2, 50, 3), seat(3, 3, 40, 9), seat(4, 4, 30, 2)}),
      table_result(1, 2, {seat(5, 1, 55, 1), seat(6, 2, 45, 0), seat(7, 3, 30, 4)}),
  };
  const std::vector<Bye> byes{Bye{1, 8}};
  const std::vector<StandingRow> rows = standings(entrants, results, byes, StandingsRules{});
  // Points (half-points): table of 4: 24 16 8 0; table of 3: 24 12 0; the bye 12.
  CHECK(row_of(rows, 1).points == HalfPoints{24});
  CHECK(row_of(rows, 2).points == HalfPoints{16});
  CHECK(row_of(rows, 3).points == HalfPoints{8});
  CHECK(row_of(rows, 4).points == HalfPoints{0});
  CHECK(row_of(rows, 5).points == HalfPoints{24});
  CHECK(row_of(rows, 6).points == HalfPoints{12});
  CHECK(row_of(rows, 7).points == HalfPoints{0});
  CHECK(row_of(rows, 8).points == HalfPoints{12});
  CHECK(row_of(rows, 8).byes == 1);
  CHECK(row_of(rows, 8).games == 0);
  // Schedule strength: player 1 sat with 2, 3, 4: 16 + 8 + 0; player 5 with 6, 7: 12 + 0.
  CHECK(row_of(rows, 1).schedule_strength == HalfPoints{24});
  CHECK(row_of(rows, 5).schedule_strength == HalfPoints{12});
  CHECK(row_of(rows, 7).schedule_strength == HalfPoints{36});
  // 1 and 5 both 24: game points 60 over 55. 6 and 8 both 12: game points 45
  // over 0. 4 and 7 both 0, both 30 game points: rubles 2 under 4.
  CHECK(order_of(rows) == std::vector<PlayerId>{1, 5, 2, 6, 8, 3, 7, 4});
  CHECK(ranks_of(rows) == std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8});
}

TEST_CASE("a bye is worth the middle, 6 points, unless the organiser says otherwise") {
  const std::vector<Entrant> entrants = entrants_of({1});
  const std::vector<Bye> byes{Bye{1, 1}, Bye{2, 1}};
  CHECK(standings(entrants, {}, byes, StandingsRules{})[0].points == HalfPoints{24});
  StandingsRules rules;
  rules.bye_points = HalfPoints{24};
  CHECK(standings(entrants, {}, byes, rules)[0].points == HalfPoints{48});
}

TEST_CASE("tie-breaks in order: game points, then rubles, then schedule strength, then a shared rank") {
  const std::vector<Entrant> entrants = entrants_of({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
  std::vector<TableResult> results{
      // 1 and 2 each win a table of 3 with 50 game points; 1 has more rubles.
      table_result(1, 1, {seat(1, 1, 50, 7), seat(3, 2, 20), seat(4, 3, 10)}),
      table_result(1, 2, {seat(2, 1, 50, 6), seat(5, 2, 20), seat(6, 3, 10)}),
      // 7 and 8 each win with 50 game points and 6 rubles: 7's opponents do
      // better later.
      table_result(1, 3, {seat(7, 1, 50, 6), seat(9, 2, 20), seat(10, 3, 10)}),
      table_result(1, 4, {seat(8, 1, 50, 6), seat(11, 2, 20), seat(12, 3, 10)}),
      table_result(2, 1, {seat(9, 1, 40), seat(3, 2, 30), seat(5, 3, 20)}),
  };
  const std::vector<StandingRow> rows = standings(entrants, results, {}, StandingsRules{});
  // 9 leads on points: 12 + 24 = 36 (18 points).
  // 1, 2, 7, 8 all on 24. Game points equal; rubles: 1 (7) over 2, 7, 8 (6).
  // Then schedule strength: 7 sat with 9 (36) and 10 (0): 36; 8 with 11
  // (12) and 12 (0): 12; 2 with 5 (12 + 0) and 6 (0): 12. So 7, then 2 and 8
  // equal on everything: they share the rank.
  CHECK(row_of(rows, 9).points == HalfPoints{36});
  CHECK(row_of(rows, 7).schedule_strength == HalfPoints{36});
  CHECK(row_of(rows, 2).schedule_strength == HalfPoints{12});
  CHECK(row_of(rows, 8).schedule_strength == HalfPoints{12});
  // 3 also has 24 (12 + 12) and 50 game points, but no rubles: sixth. 5 and
  // 11 have 12: game points 40 over 20. 4, 6, 10 and 12 have 0 and 10 game
  // points each: schedule strength 10 (7 and 9: 24 + 36 = 60), 4 (1 and 3:
  // 48), then 6 (2 and 5) and 12 (8 and 11) on 36, sharing the last rank.
  CHECK(order_of(rows) == std::vector<PlayerId>{9, 1, 7, 2, 8, 3, 5, 11, 10, 4, 6, 12});
  CHECK(ranks_of(rows) == std::vector<int>{1, 2, 3, 4, 4, 6, 7, 8, 9, 10, 11, 11});
}

TEST_CASE("players equal on every key share the rank: 1, 2, 2, 4") {
  const std::vector<Entrant> entrants = entrants_of({1, 2, 3, 4});
  const std::vector<TableResult> results{
      table_result(1, 1, {seat(1, 1, 60), seat(2, 2, 40, 3), seat(3, 2, 40, 3), seat(4, 4, 20)})};
  const std::vector<StandingRow> rows = standings(entrants, results, {}, StandingsRules{});
  CHECK(ranks_of(rows) == std::vector<int>{1, 2, 2, 4});
  // The shared second and third: (8 + 4) / 2 = 6 points each.
  CHECK(row_of(rows, 2).points == HalfPoints{12});
  CHECK(row_of(rows, 3).points == HalfPoints{12});
  // Listed by seed rating, then player id: equal ratings here, so 2 before 3.
  CHECK(order_of(rows) == std::vector<PlayerId>{1, 2, 3, 4});
}

TEST_CASE("an absent seat scores the place it was given") {
  const std::vector<Entrant> entrants = entrants_of({1, 2, 3});
  const std::vector<TableResult> results{
      table_result(1, 1, {seat(1, 3, 70, 0, true), seat(2, 1, 50), seat(3, 2, 40)})};
  const std::vector<StandingRow> rows = standings(entrants, results, {}, StandingsRules{});
  CHECK(row_of(rows, 1).points == HalfPoints{0});
  CHECK(order_of(rows) == std::vector<PlayerId>{2, 3, 1});
}

TEST_CASE("duplicate matchpoints compare each seat with the same seat of the same deal") {
  // Round 1, one deal of three tables of 3. Seat 0 was held by 1, 4 and 7.
  const std::vector<TableResult> results{
      table_result(1, 1, {seat(1, 1, 50, 1), seat(2, 2, 40), seat(3, 3, 30)}, true),
      table_result(1, 2, {seat(4, 2, 50, 3), seat(5, 1, 60), seat(6, 3, 20)}, true),
      table_result(1, 3, {seat(7, 3, 40), seat(8, 1, 45), seat(9, 2, 41)}, true),
  };
  const auto matchpoints = duplicate_matchpoints(results);
  // Seat 0: 4 (50, 3 rubles) beats 1 (50, 1 ruble) and 7 (40): 4; 1 beats 7: 2; 7: 0.
  CHECK(matchpoints.at(4) == HalfPoints{4});
  CHECK(matchpoints.at(1) == HalfPoints{2});
  CHECK(matchpoints.at(7) == HalfPoints{0});
  // Seat 1: 5 (60) > 8 (45) > 2 (40).
  CHECK(matchpoints.at(5) == HalfPoints{4});
  CHECK(matchpoints.at(8) == HalfPoints{2});
  CHECK(matchpoints.at(2) == HalfPoints{0});
  // Seat 2: 9 (41) > 3 (30) > 6 (20).
  CHECK(matchpoints.at(9) == HalfPoints{4});
  CHECK(matchpoints.at(3) == HalfPoints{2});
  CHECK(matchpoints.at(6) == HalfPoints{0});
}

TEST_CASE("in a duplicate tournament matchpoints come first, points second") {
  const std::vector<TableResult> results{
      table_result(1, 1, {seat(1, 1, 50, 1), seat(2, 2, 40), seat(3, 3, 30)}, true),
      table_result(1, 2, {seat(4, 2, 50, 3), seat(5, 1, 60), seat(6, 3, 20)}, true),
      table_result(1, 3, {seat(7, 3, 40), seat(8, 1, 45), seat(9, 2, 41)}, true),
  };
  const std::vector<Entrant> entrants = entrants_of({1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
  const std::vector<Bye> byes{Bye{1, 10}};
  StandingsRules rules;
  rules.duplicate = true;
  const std::vector<StandingRow> rows = standings(entrants, results, byes, rules);
  // 9 came second at its table (12 points) but beat both other holders of its
  // seat: 4 matchpoints, above 1, who won its table (24 points) with 2.
  CHECK(row_of(rows, 9).matchpoints == HalfPoints{4});
  CHECK(row_of(rows, 1).matchpoints == HalfPoints{2});
  // The bye: as if tied with both other holders of a seat of the 3-table deal.
  CHECK(row_of(rows, 10).matchpoints == HalfPoints{2});
  // 4 matchpoints: 5 (24 points), 4 and 9 (12 points each; 4 with 50 game
  // points over 9's 41). Then 2 matchpoints: 1 and 8 (24 points; 50 game
  // points over 45), 10 (12, the bye), 3 (0). Then 0: 2 (12), 6 and 7 (0;
  // 7's 40 game points over 6's 20).
  CHECK(order_of(rows) == std::vector<PlayerId>{5, 4, 9, 1, 8, 10, 3, 2, 7, 6});
  // Without duplicate rules the same games rank by points.
  CHECK(order_of(standings(entrants, results, byes, StandingsRules{})).front() == 5);
  CHECK(row_of(standings(entrants, results, byes, StandingsRules{}), 9).matchpoints == HalfPoints{0});
}

TEST_CASE("in elimination the round reached comes first, then the place in it") {
  const std::vector<Entrant> entrants = entrants_of({1, 2, 3, 4, 5, 6});
  const std::vector<TableResult> results{
      table_result(1, 1, {seat(1, 1, 60), seat(2, 2, 50), seat(3, 3, 40)}),
      table_result(1, 2, {seat(4, 1, 60), seat(5, 2, 50), seat(6, 3, 40)}),
      table_result(2, 1, {seat(1, 2, 40), seat(2, 3, 30), seat(4, 1, 45), seat(5, 4, 10)}),
  };
  StandingsRules rules;
  rules.format = Format::kElimination;
  const std::vector<StandingRow> rows = standings(entrants, results, {}, rules);
  // The final: 4, 1, 2, 5 by place, whatever the points of round 1; then
  // those out in round 1, both third there: 3 and 6.
  CHECK(order_of(rows)[0] == 4);
  CHECK(order_of(rows)[1] == 1);
  CHECK(order_of(rows)[2] == 2);
  CHECK(order_of(rows)[3] == 5);
  CHECK(row_of(rows, 2).last_round == 2);
  CHECK(row_of(rows, 2).last_place == 3);
  CHECK(row_of(rows, 3).last_round == 1);
  CHECK(row_of(rows, 3).last_place == 3);
  CHECK(order_of(rows).size() == 6);
  CHECK(row_of(rows, 3).rank >= 5);
  CHECK(row_of(rows, 6).rank >= 5);
}
