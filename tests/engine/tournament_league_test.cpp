// Leagues (docs/leagues.md): divisions, promotion and relegation, leavers and
// newcomers, a division's season and the waves its tables start in. Every
// expected division below is worked out by hand in the comments.
#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <span>
#include <vector>

#include <doctest/doctest.h>

#include "engine/rng.hpp"
#include "engine/tournament/tournament.hpp"

using namespace sp::tournament;
using sp::engine::Rng;

namespace {

using Players = std::vector<PlayerId>;

LeagueRules rules_of(int division_size, int promoted, NewcomerPlacement newcomers = NewcomerPlacement::kBottom) {
  LeagueRules rules;
  rules.division_size = division_size;
  rules.promoted = promoted;
  rules.newcomers = newcomers;
  return rules;
}

// Three divisions of 6 in final order: 1..6 on top, 11..16, then 21..26.
Divisions three_divisions() { return {{1, 2, 3, 4, 5, 6}, {11, 12, 13, 14, 15, 16}, {21, 22, 23, 24, 25, 26}}; }

Players players_of(int first, int count) {
  Players players;
  for (int i = 0; i < count; ++i) players.push_back(first + i);
  return players;
}

// Every pair of the division and how often it shares a table in the schedule.
std::map<std::pair<PlayerId, PlayerId>, int> meetings_of(const DivisionSchedule& schedule) {
  std::map<std::pair<PlayerId, PlayerId>, int> met;
  for (const SeasonTable& table : schedule.tables) {
    for (PlayerId a : table.seats.seats) {
      for (PlayerId b : table.seats.seats) {
        if (a < b) ++met[{a, b}];
      }
    }
  }
  return met;
}

}  // namespace

TEST_CASE("a league's divisions have the set size, the bottom one what is left, never below 3") {
  CHECK(division_sizes(24, 8) == std::vector<int>{8, 8, 8});
  CHECK(division_sizes(27, 8) == std::vector<int>{8, 8, 8, 3});
  // 1 or 2 left over join the bottom full division.
  CHECK(division_sizes(25, 8) == std::vector<int>{8, 8, 9});
  CHECK(division_sizes(26, 8) == std::vector<int>{8, 8, 10});
  CHECK(division_sizes(5, 8) == std::vector<int>{5});
  CHECK(division_sizes(9, 8) == std::vector<int>{9});
  CHECK(division_sizes(2, 8).empty());
  for (int size = 3; size <= 20; ++size) {
    for (int players = 3; players <= 100; ++players) {
      const std::vector<int> sizes = division_sizes(players, size);
      CHECK(std::accumulate(sizes.begin(), sizes.end(), 0) == players);
      for (std::size_t d = 0; d + 1 < sizes.size(); ++d) CHECK(sizes[d] == size);
      CHECK(sizes.back() >= 3);
      CHECK(sizes.back() <= size + 2);
    }
  }
}

TEST_CASE("a league's first season places the entrants by rating, higher first, then lower id") {
  const std::vector<Entrant> entrants{{7, 1500}, {3, 1700}, {9, 1600}, {1, 1500}, {4, 1900}, {8, 1400}, {2, 1650}};
  CHECK(first_season(entrants, rules_of(4, 1)) == Divisions{{4, 3, 2, 9}, {1, 7, 8}});
  CHECK(first_season(std::vector<Entrant>{{1, 1500}, {2, 1500}}, rules_of(4, 1)).empty());
}

TEST_CASE("league promotion and relegation across three divisions: the top go up one, the bottom down one") {
  // Division 0: 1-4 stay, 5 and 6 go down. Division 1: 11 and 12 go up, 13
  // and 14 stay, 15 and 16 go down. Division 2: 21 and 22 go up.
  SeasonEnd season;
  season.final_order = three_divisions();
  CHECK(next_season(season, rules_of(6, 2)) ==
        Divisions{{1, 2, 3, 4, 11, 12}, {5, 6, 13, 14, 21, 22}, {15, 16, 23, 24, 25, 26}});
  // One up and one down.
  CHECK(next_season(season, rules_of(6, 1)) ==
        Divisions{{1, 2, 3, 4, 5, 11}, {6, 12, 13, 14, 15, 21}, {16, 22, 23, 24, 25, 26}});
  // Nobody moves.
  CHECK(next_season(season, rules_of(6, 0)) == three_divisions());
}

TEST_CASE("league moves by place: the top division sends none up, the bottom none down") {
  const LeagueRules rules = rules_of(6, 2);
  using enum Move;
  CHECK(division_moves(6, 0, 3, rules) == std::vector<Move>{kStay, kStay, kStay, kStay, kDown, kDown});
  CHECK(division_moves(6, 1, 3, rules) == std::vector<Move>{kUp, kUp, kStay, kStay, kDown, kDown});
  CHECK(division_moves(3, 2, 3, rules) == std::vector<Move>{kUp, kUp, kStay});
  CHECK(division_moves(6, 0, 1, rules) == std::vector<Move>(6, kStay));
  // A division too small for both sends up first.
  CHECK(division_moves(3, 1, 3, rules) == std::vector<Move>{kUp, kUp, kDown});
}

TEST_CASE("a tie at the league's promotion line goes by the standings' own order") {
  // Division 1 of 3, one up and one down: 31 and 32 share first place at the
  // table with the same points and rubles, so they share rank 1; the
  // standings list the higher seed first, 32, who goes up.
  const std::vector<Entrant> entrants{{31, 1500}, {32, 1600}, {33, 1400}, {34, 1300}};
  TableResult table{1, 0, 4, {{31, 1, 50, 10}, {32, 1, 50, 10}, {33, 3, 40, 5}, {34, 4, 30, 5}}, false};
  const LeagueRules rules = rules_of(4, 1);
  const std::vector<StandingRow> rows = standings(entrants, std::span(&table, 1), {}, rules.standings);
  REQUIRE(rows[0].rank == rows[1].rank);
  const Players order = final_order(rows);
  CHECK(order == Players{32, 31, 33, 34});
  const std::vector<Move> moves = division_moves(static_cast<int>(order.size()), 1, 3, rules);
  CHECK(moves[0] == Move::kUp);
  CHECK(moves[1] == Move::kStay);
  CHECK(moves[3] == Move::kDown);
}

TEST_CASE("a league leaver's place goes to the next player down the ladder, the places left ending at the bottom") {
  SeasonEnd season;
  season.final_order = three_divisions();
  season.leavers = {3};
  // The ladder: 1 2 4 11 12 | 5 6 13 14 21 22 | 15 16 23 24 25 26. Cut in 6, 6
  // and 5: 5, the best relegated from the top, stays up; so does 15 below.
  CHECK(next_season(season, rules_of(6, 2)) ==
        Divisions{{1, 2, 4, 11, 12, 5}, {6, 13, 14, 21, 22, 15}, {16, 23, 24, 25, 26}});
  // A newcomer takes the place left at the bottom.
  season.newcomers = {{99, 1200}};
  CHECK(next_season(season, rules_of(6, 2)) ==
        Divisions{{1, 2, 4, 11, 12, 5}, {6, 13, 14, 21, 22, 15}, {16, 23, 24, 25, 26, 99}});
}

TEST_CASE("a league leaver in a moving place changes nobody's move") {
  // 11 would have gone up: 12 still goes up, and 13 (third) does not; the
  // place 11 leaves goes to 5, the best relegated from the top.
  SeasonEnd season;
  season.final_order = three_divisions();
  season.leavers = {11, 26};
  CHECK(next_season(season, rules_of(6, 2)) ==
        Divisions{{1, 2, 3, 4, 12, 5}, {6, 13, 14, 21, 22, 15}, {16, 23, 24, 25}});
}

TEST_CASE("league newcomers join the bottom division, best rated first") {
  SeasonEnd season;
  season.final_order = {{1, 2, 3, 4, 5, 6}, {11, 12, 13}};
  season.newcomers = {{40, 1300}, {41, 1500}, {42, 1400}};
  // The bottom division had 3: 11 and 12 go up, 13 stays, 5 and 6 come down;
  // the newcomers follow, 41, 42, 40.
  CHECK(next_season(season, rules_of(6, 2)) == Divisions{{1, 2, 3, 4, 11, 12}, {5, 6, 13, 41, 42, 40}});
}

TEST_CASE("league newcomers overflowing the bottom division open a new one, or join it when 1 or 2 are left") {
  SeasonEnd season;
  season.final_order = three_divisions();
  season.newcomers = {{41, 1500}, {42, 1400}};
  CHECK(next_season(season, rules_of(6, 2)) ==
        Divisions{{1, 2, 3, 4, 11, 12}, {5, 6, 13, 14, 21, 22}, {15, 16, 23, 24, 25, 26, 41, 42}});
  season.newcomers.push_back({43, 1300});
  CHECK(next_season(season, rules_of(6, 2)) ==
        Divisions{{1, 2, 3, 4, 11, 12}, {5, 6, 13, 14, 21, 22}, {15, 16, 23, 24, 25, 26}, {41, 42, 43}});
}

TEST_CASE("league newcomers placed by rating join the highest division whose middle rating they reach") {
  SeasonEnd season;
  season.final_order = three_divisions();
  // Division 0's players rated 2000, division 1's 1800, division 2's 1600.
  for (const auto& division : season.final_order) {
    for (PlayerId player : division) season.ratings.push_back({player, 2000 - 200 * static_cast<int>(player / 10)});
  }
  season.newcomers = {{101, 2050}, {102, 1900}, {103, 1500}};
  // After the moves: {1 2 3 4 11 12} rated 2000 x4, 1800 x2, middle 2000;
  // {5 6 13 14 21 22}: 2000, 2000, 1800, 1800, 1600, 1600, middle 1800. 101
  // reaches 2000, 102 1800; 103 none, so the bottom. 21 players: 6, 6, 6, 3.
  // 101 takes a place in division 0 and pushes 12 down; 102 and 12 push 21 and
  // 22 down, who push 25 and 26 into the new bottom division with 103.
  CHECK(next_season(season, rules_of(6, 2, NewcomerPlacement::kByRating)) ==
        Divisions{{1, 2, 3, 4, 11, 101}, {12, 5, 6, 13, 14, 102}, {21, 22, 15, 16, 23, 24}, {25, 26, 103}});
}

TEST_CASE("no league division takes more newcomers by rating than half its places") {
  SeasonEnd season;
  season.final_order = three_divisions();
  for (const auto& division : season.final_order) {
    for (PlayerId player : division) season.ratings.push_back({player, 1500});
  }
  season.newcomers = {{101, 2400}, {102, 2300}, {103, 2200}, {104, 2100}};
  // Every division's middle is 1500: the three best take division 0's half,
  // the fourth goes to division 1.
  const Divisions next = next_season(season, rules_of(6, 2, NewcomerPlacement::kByRating));
  REQUIRE(next.size() == 4);
  CHECK(next[0] == Players{1, 2, 3, 101, 102, 103});
  CHECK(next[1].back() == 104);
}

TEST_CASE("a league's next season is the same for the same players, however they are listed") {
  SeasonEnd season;
  season.final_order = three_divisions();
  for (const auto& division : season.final_order) {
    for (PlayerId player : division) season.ratings.push_back({player, 1000 + static_cast<int>(player) * 7 % 300});
  }
  season.leavers = {2, 14, 25};
  season.newcomers = {{101, 1250}, {102, 1100}, {103, 1250}, {104, 900}, {105, 1400}};
  for (NewcomerPlacement placement : {NewcomerPlacement::kBottom, NewcomerPlacement::kByRating}) {
    const LeagueRules rules = rules_of(6, 2, placement);
    const Divisions once = next_season(season, rules);
    SeasonEnd shuffled = season;
    std::reverse(shuffled.leavers.begin(), shuffled.leavers.end());
    std::reverse(shuffled.newcomers.begin(), shuffled.newcomers.end());
    std::reverse(shuffled.ratings.begin(), shuffled.ratings.end());
    CHECK(next_season(season, rules) == once);
    CHECK(next_season(shuffled, rules) == once);
    // Everyone staying or joining is placed once.
    std::multiset<PlayerId> placed;
    for (const auto& division : once) placed.insert(division.begin(), division.end());
    CHECK(placed.size() == 18 - 3 + 5);
    CHECK(std::set<PlayerId>(placed.begin(), placed.end()).size() == placed.size());
  }
}

TEST_CASE("a league schedule meets every pair of a division the set number of times") {
  for (int meetings = 1; meetings <= 2; ++meetings) {
    for (int table_size = 3; table_size <= 5; ++table_size) {
      // Up to 22: a bottom division may hold 2 more than the largest size.
      for (int size = 3; size <= 22; ++size) {
        CAPTURE(meetings);
        CAPTURE(table_size);
        CAPTURE(size);
        LeagueRules rules = rules_of(20, 2);
        rules.table_size = table_size;
        rules.meetings = meetings;
        const Players division = players_of(100, size);
        const DivisionSchedule schedule = division_schedule(division, rules);
        const auto met = meetings_of(schedule);
        CHECK(met.size() == static_cast<std::size_t>(size * (size - 1) / 2));
        for (const auto& [pair, count] : met) CHECK(count >= meetings);
        // Each round seats every player once, at a table or a bye.
        std::map<int, std::multiset<PlayerId>> rounds;
        for (const SeasonTable& table : schedule.tables) {
          CHECK(table.seats.seats.size() >= 3);
          CHECK(table.seats.seats.size() <= static_cast<std::size_t>(table_size));
          rounds[table.round].insert(table.seats.seats.begin(), table.seats.seats.end());
        }
        for (const Bye& bye : schedule.byes) rounds[bye.round].insert(bye.player);
        const std::multiset<PlayerId> everyone(division.begin(), division.end());
        for (const auto& [round, seated] : rounds) CHECK(seated == everyone);
        CHECK(division_schedule(division, rules) == schedule);
      }
    }
  }
  // Where a design exists, the search finds it: 9 players at tables of 3
  // meet exactly once, as round_robin.hpp promises.
  LeagueRules rules = rules_of(9, 2);
  rules.table_size = 3;
  for (const auto& [pair, count] : meetings_of(division_schedule(players_of(1, 9), rules))) CHECK(count == 1);
}

TEST_CASE("a league division of one table plays it once per meeting, the seats turned") {
  LeagueRules rules = rules_of(8, 2);
  rules.meetings = 2;
  const DivisionSchedule schedule = division_schedule(Players{1, 2, 3, 4}, rules);
  REQUIRE(schedule.tables.size() == 2);
  CHECK(schedule.tables[0] == SeasonTable{1, 0, Table{{1, 2, 3, 4}}});
  CHECK(schedule.tables[1] == SeasonTable{2, 0, Table{{3, 4, 1, 2}}});
  CHECK(schedule.byes.empty());
}

TEST_CASE("a league table starts as early as possible, in schedule order") {
  // One table at a time: the second table waits for player 1, the third
  // starts at once, the fourth waits for 1 and 6.
  const std::vector<SeasonTable> tables{{1, 0, Table{{1, 2, 3}}},
                                        {1, 1, Table{{1, 4, 5}}},
                                        {1, 2, Table{{6, 7, 8}}},
                                        {2, 0, Table{{1, 6, 9}}}};
  using enum TableState;
  std::vector<TableState> states(4, kWaiting);
  CHECK(tables_to_start(tables, states, 1) == std::vector<int>{0, 2});
  states = {kPlaying, kWaiting, kPlaying, kWaiting};
  CHECK(tables_to_start(tables, states, 1).empty());
  // Table 1 ends: the second table, first in order, takes player 1 before
  // the fourth can.
  states = {kFinished, kWaiting, kFinished, kWaiting};
  CHECK(tables_to_start(tables, states, 1) == std::vector<int>{1});
  // Two at a time: all but the fourth, which would be player 1's third.
  CHECK(tables_to_start(tables, std::vector<TableState>(4, kWaiting), 2) == std::vector<int>{0, 1, 2});
  CHECK(season_waves(tables, 1) == std::vector<std::vector<int>>{{0, 2}, {1}, {3}});
  CHECK(season_waves(tables, 2) == std::vector<std::vector<int>>{{0, 1, 2}, {3}});
}

TEST_CASE("league waves never seat a player at more tables at once than the limit, and start every table") {
  Rng rng(20250601);
  for (int run = 0; run < 60; ++run) {
    LeagueRules rules = rules_of(20, 2);
    const int size = 3 + static_cast<int>(rng.below(18));
    rules.table_size = 3 + static_cast<int>(rng.below(3));
    const int limit = 1 + static_cast<int>(rng.below(3));
    CAPTURE(size);
    CAPTURE(rules.table_size);
    CAPTURE(limit);
    const std::vector<SeasonTable> tables = division_schedule(players_of(1, size), rules).tables;
    std::vector<TableState> states(tables.size(), TableState::kWaiting);
    std::size_t finished = 0;
    int steps = 0;
    while (finished < tables.size()) {
      REQUIRE(++steps <= 2 * static_cast<int>(tables.size()));
      for (int i : tables_to_start(tables, states, limit)) {
        REQUIRE(states[static_cast<std::size_t>(i)] == TableState::kWaiting);
        states[static_cast<std::size_t>(i)] = TableState::kPlaying;
      }
      // Nothing more starts until a table ends.
      CHECK(tables_to_start(tables, states, limit).empty());
      std::map<PlayerId, int> at_once;
      std::vector<std::size_t> playing;
      for (std::size_t i = 0; i < tables.size(); ++i) {
        if (states[i] != TableState::kPlaying) continue;
        playing.push_back(i);
        for (PlayerId player : tables[i].seats.seats) CHECK(++at_once[player] <= limit);
      }
      REQUIRE_FALSE(playing.empty());
      states[playing[rng.below(playing.size())]] = TableState::kFinished;
      ++finished;
    }
    // The fixed waves hold every table once, each within the limit.
    std::vector<int> seen;
    for (const std::vector<int>& wave : season_waves(tables, limit)) {
      std::map<PlayerId, int> at_once;
      for (int i : wave) {
        seen.push_back(i);
        for (PlayerId player : tables[static_cast<std::size_t>(i)].seats.seats) CHECK(++at_once[player] <= limit);
      }
    }
    std::sort(seen.begin(), seen.end());
    std::vector<int> all(tables.size());
    std::iota(all.begin(), all.end(), 0);
    CHECK(seen == all);
  }
}
