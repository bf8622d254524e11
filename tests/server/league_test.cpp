// A league moved on in the store (server/league/advance_league.hpp), on a real
// SQLite file and a real PostgreSQL database: its first season at its date,
// the season's tables started in waves as players have room, the season's end
// with its moves, and the next season placed from them; each step once,
// however often it is asked for.
#include <doctest/doctest.h>

#include <algorithm>
#include <future>
#include <map>
#include <set>

#include "protocol/stored_text.hpp"
#include "server/league/advance_league.hpp"
#include "server/league/league_season.hpp"
#include "server/notices/table_name_words.hpp"
#include "server/store/open_backend.hpp"
#include "tests/support/each_backend.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace sp::server;
using sp::tournament::Move;

constexpr std::int64_t kNow = 1'800'000'000;
constexpr std::int64_t kDay = 86'400;
constexpr std::int64_t kStart = kNow + kDay;
constexpr int kSeasonDays = 28;
constexpr std::int64_t kFinishBy = kStart + kSeasonDays * kDay;

struct Club {
  sp::test::TempDir dir;
  std::string location = sp::test::each_backend(dir);
  std::unique_ptr<StoreBackend> backend = open_migrated_backend(location, false);
  Records& db = backend->records();
  std::int64_t organiser = db.insert_user("organiser", "x", 0);
  std::vector<std::int64_t> players;

  // Divisions of 6 at tables of 3, one going up and one down each season.
  std::int64_t league(int field, int tables_at_once = 1) {
    sp::protocol::client::CreateTable tables;
    tables.players = 3;
    tables.move_deadline_hours = 72;
    LeagueRecord l;
    l.name = "Winter league";
    l.creator_id = organiser;
    l.table_request = sp::protocol::stored_table_request_text(tables);
    l.rules.division_size = 6;
    l.rules.table_size = 3;
    l.rules.promoted = 1;
    l.rules.tables_at_once = tables_at_once;
    l.season_days = kSeasonDays;
    l.next_season_at = kStart;
    l.created_at = kNow;
    const std::int64_t id = db.insert_league(l);
    for (int i = 0; i < field; ++i) join(id);
    return id;
  }

  std::int64_t join(std::int64_t league_id) {
    players.push_back(db.insert_user("player" + std::to_string(players.size()), "x", 0));
    REQUIRE(db.join_league(league_id, players.back(), kNow));
    return players.back();
  }

  // Ends every table of the season being played: seat 0 wins, each seat after
  // it one place lower, with fewer points and rubles. Returns how many ended.
  int end_playing(std::int64_t league_id, int season) {
    int ended = 0;
    for (const LeagueTableRecord& t : db.league_tables(league_id, season)) {
      if (table_state(t) != sp::tournament::TableState::kPlaying) continue;
      db.set_imported_table_status(*t.table_id, TableStatus::kFinished, kNow);
      for (std::size_t seat = 0; seat < t.seats.size(); ++seat) {
        GameResultRecord r;
        r.table_id = *t.table_id;
        r.seat = static_cast<int>(seat);
        r.user_id = t.seats[seat];
        r.place = static_cast<int>(seat) + 1;
        r.finished_at = kNow;
        r.points = 80 - 10 * static_cast<int>(seat);
        r.rubles = 5 - static_cast<int>(seat);
        db.insert_game_result(r);
      }
      ++ended;
    }
    return ended;
  }

  // Plays the season to its last table, looking at the league after each wave.
  void play_season(std::int64_t league_id, int season, std::int64_t now) {
    while (end_playing(league_id, season) > 0) advance_league(db, league_id, now);
  }

  std::map<std::int64_t, int> divisions(std::int64_t league_id, int season) {
    std::map<std::int64_t, int> of;
    for (const LeaguePlaceRecord& p : db.league_places(league_id, season)) of[p.user_id] = p.division;
    return of;
  }
};

int count_kind(const Advanced& advanced, const std::string& kind) {
  return static_cast<int>(std::count_if(advanced.notes.begin(), advanced.notes.end(),
                                        [&](const StoredNotification& n) { return n.record.kind == kind; }));
}

int running(Records& db, std::int64_t league_id, int season, std::int64_t user) {
  int count = 0;
  for (const LeagueTableRecord& t : db.league_tables(league_id, season)) {
    if (table_state(t) == sp::tournament::TableState::kPlaying &&
        std::count(t.seats.begin(), t.seats.end(), user) > 0) {
      ++count;
    }
  }
  return count;
}

TEST_CASE("a league waits for its first season's date, then places its players in divisions and starts their tables") {
  Club club;
  const std::int64_t id = club.league(12);
  const Advanced early = advance_league(club.db, id, kNow);
  CHECK(early.started.empty());
  CHECK(early.check_at == kStart);

  const Advanced begun = advance_league(club.db, id, kStart);
  // Two divisions of six, equal ratings placed by account: the first six on top.
  const auto divisions = club.divisions(id, 1);
  REQUIRE(divisions.size() == 12);
  for (std::size_t i = 0; i < 12; ++i) CHECK(divisions.at(club.players[i]) == (i < 6 ? 0 : 1));
  // One table at once each: every player starts at exactly one table of round 1.
  REQUIRE(begun.started.size() == 4);
  std::multiset<std::int64_t> seated;
  for (const TableRecord& t : begun.started) {
    CHECK(t.status == TableStatus::kPlaying);
    REQUIRE(t.league);
    CHECK(t.league->id == id);
    CHECK(t.league->season == 1);
    CHECK_FALSE(t.floating_vacation);
    CHECK(t.move_seconds == 72 * 3600);
    for (const SeatRecord& s : t.seats) seated.insert(s.user_id);
  }
  CHECK(seated == std::multiset<std::int64_t>(club.players.begin(), club.players.end()));
  CHECK(count_kind(begun, "league_season") == 12);
  CHECK(count_kind(begun, "league_table") == 12);
  CHECK(count_kind(begun, "table_started") == 0);  // the league's notice says it, once
  CHECK(begun.check_at == kFinishBy);
  CHECK(club.db.load_league(id)->current_season == 1);
}

TEST_CASE("a season's tables start in waves: each as soon as its players have room, and once") {
  Club club;
  const std::int64_t id = club.league(6, 2);
  advance_league(club.db, id, kStart);
  for (const std::int64_t user : club.players) CHECK(running(club.db, id, 1, user) <= 2);
  CHECK(advance_league(club.db, id, kStart).started.empty());
  const std::size_t scheduled = club.db.league_tables(id, 1).size();
  std::size_t started_total = 0;
  for (const LeagueTableRecord& t : club.db.league_tables(id, 1)) started_total += t.table_id ? 1 : 0;
  REQUIRE(started_total < scheduled);
  while (club.end_playing(id, 1) > 0) {
    const Advanced wave = advance_league(club.db, id, kStart + kDay);
    started_total += wave.started.size();
    for (const std::int64_t user : club.players) CHECK(running(club.db, id, 1, user) <= 2);
  }
  // Every scheduled table was started exactly once.
  CHECK(started_total == scheduled);
  std::set<std::int64_t> tables;
  for (const LeagueTableRecord& t : club.db.league_tables(id, 1)) {
    REQUIRE(t.table_id);
    tables.insert(*t.table_id);
  }
  CHECK(tables.size() == scheduled);
}

TEST_CASE("every pair of a division meets in its season") {
  Club club;
  const std::int64_t id = club.league(6, 2);
  advance_league(club.db, id, kStart);
  std::set<std::pair<std::int64_t, std::int64_t>> met;
  for (const LeagueTableRecord& t : club.db.league_tables(id, 1)) {
    for (std::int64_t a : t.seats) {
      for (std::int64_t b : t.seats) {
        if (a < b) met.insert({a, b});
      }
    }
  }
  CHECK(met.size() == 15);
}

TEST_CASE("at a season's end the top of each division goes up, the bottom goes down, and everyone is told") {
  Club club;
  const std::int64_t id = club.league(12, 2);
  advance_league(club.db, id, kStart);
  const std::int64_t ended_at = kStart + 5 * kDay;
  while (club.end_playing(id, 1) > 0) {
    const Advanced next = advance_league(club.db, id, ended_at);
    if (count_kind(next, "league_season_finished") > 0) {
      CHECK(count_kind(next, "league_season_finished") == 12);
      // The next season keeps the calendar: it starts at this one's finish date.
      CHECK(next.check_at == kFinishBy);
    }
  }
  const auto seasons = club.db.league_seasons(id);
  REQUIRE(seasons.size() == 1);
  CHECK(seasons[0].status == RoundStatus::kFinished);
  CHECK(seasons[0].finished_at == ended_at);
  CHECK(club.db.load_league(id)->next_season_at == kFinishBy);
  int up = 0;
  int down = 0;
  for (const LeaguePlaceRecord& p : club.db.league_places(id, 1)) {
    REQUIRE(p.moved);
    if (*p.moved == Move::kUp) {
      ++up;
      CHECK(p.division == 1);
    }
    if (*p.moved == Move::kDown) {
      ++down;
      CHECK(p.division == 0);
    }
  }
  CHECK(up == 1);
  CHECK(down == 1);
  // Looking again ends nothing twice.
  CHECK(advance_league(club.db, id, ended_at).notes.empty());
}

TEST_CASE("the next season places the promoted above the relegated, takes leavers out and newcomers in at the bottom") {
  Club club;
  const std::int64_t id = club.league(12, 2);
  advance_league(club.db, id, kStart);
  club.play_season(id, 1, kStart + 5 * kDay);
  std::int64_t promoted = 0;
  std::int64_t relegated = 0;
  for (const LeaguePlaceRecord& p : club.db.league_places(id, 1)) {
    if (p.moved == Move::kUp) promoted = p.user_id;
    if (p.moved == Move::kDown) relegated = p.user_id;
  }
  const std::int64_t leaver = club.players[0] == relegated ? club.players[1] : club.players[0];
  REQUIRE(club.db.leave_league(id, leaver, false, kStart + 6 * kDay));
  const std::int64_t newcomer = club.join(id);
  // Not before the date.
  CHECK(advance_league(club.db, id, kStart + 6 * kDay).started.empty());
  const Advanced second = advance_league(club.db, id, kFinishBy);
  CHECK_FALSE(second.started.empty());
  CHECK(club.db.load_league(id)->current_season == 2);
  const auto divisions = club.divisions(id, 2);
  CHECK(divisions.size() == 12);
  CHECK_FALSE(divisions.count(leaver));
  CHECK(divisions.at(promoted) == 0);
  CHECK(divisions.at(newcomer) == 1);
  // The leaver's place on top went to the relegated player, who stays up.
  CHECK(divisions.at(relegated) == 0);
}

TEST_CASE("at a season's finish date people's seats go to the robot, and tables never started count as byes") {
  Club club;
  const std::int64_t id = club.league(6, 1);
  const Advanced begun = advance_league(club.db, id, kStart);
  REQUIRE(begun.started.size() == 2);
  const Advanced late = advance_league(club.db, id, kFinishBy);
  CHECK(late.started.empty());
  CHECK(late.to_robots.size() == 6);
  CHECK(club.end_playing(id, 1) == 2);
  const Advanced end = advance_league(club.db, id, kFinishBy + 60);
  CHECK(count_kind(end, "league_season_finished") == 6);
  // Ended after its date: the next season starts at once, so the calendar is kept.
  CHECK(club.db.load_league(id)->current_season == 2);
  for (const TableRecord& t : end.started) CHECK(t.league->season == 2);
  std::map<std::int64_t, int> byes;
  for (const LeagueByeRecord& b : club.db.league_byes(id, 1)) ++byes[b.user_id];
  int unplayed_seats = 0;
  for (const LeagueTableRecord& t : club.db.league_tables(id, 1)) {
    if (!t.table_id) unplayed_seats += static_cast<int>(t.seats.size());
  }
  CHECK(unplayed_seats > 0);
  int bye_count = 0;
  for (const auto& [user, n] : byes) bye_count += n;
  CHECK(bye_count >= unplayed_seats);
  // The standings count them: every player has as many games and byes as the schedule gave them rounds.
  const SeasonRows rows = read_season(club.db, id, 1);
  const auto standings = division_standings(rows, club.db.load_league(id)->rules);
  REQUIRE(standings.size() == 1);
  for (const auto& row : standings[0]) CHECK(row.games == 1);
}

TEST_CASE("a league with fewer than three players waits for more") {
  Club club;
  const std::int64_t id = club.league(2);
  const Advanced waiting = advance_league(club.db, id, kStart);
  CHECK(waiting.started.empty());
  CHECK(club.db.load_league(id)->current_season == 0);
  club.join(id);
  CHECK(advance_league(club.db, id, kStart + kDay).started.size() == 1);
}

TEST_CASE("two nodes looking at a league at the same moment start its season and its tables once") {
  Club club;
  const std::int64_t id = club.league(12, 2);
  const std::string location = club.location;
  // Each node its own connection, in its own transaction, as two `spb serve` would be.
  const auto node = [&location, id](std::int64_t now) {
    auto backend = open_migrated_backend(location, false);
    backend->begin();
    const Advanced advanced = advance_league(backend->records(), id, now);
    backend->commit();
    return advanced.started.size();
  };
  auto first = std::async(std::launch::async, node, kStart);
  auto second = std::async(std::launch::async, node, kStart);
  const std::size_t started = first.get() + second.get();
  std::size_t recorded = 0;
  for (const LeagueTableRecord& t : club.db.league_tables(id, 1)) recorded += t.table_id ? 1 : 0;
  CHECK(started == recorded);
  CHECK(club.db.league_seasons(id).size() == 1);
  CHECK(club.db.league_places(id, 1).size() == 12);
}

TEST_CASE("a mail names a league's table in its reader's language") {
  Club club;
  const std::int64_t id = club.league(6, 2);
  const Advanced begun = advance_league(club.db, id, kStart);
  REQUIRE_FALSE(begun.started.empty());
  const TableRecord& first = begun.started.front();
  CHECK(first.name == "Winter league, season 1, division 1, round 1, table 1");
  CHECK(table_name_in(club.db, first.id, "fr") == "Winter league, saison 1, division 1, ronde 1, table 1");
  CHECK(table_name_in(club.db, first.id, "ru") == "Winter league, сезон 1, дивизион 1, тур 1, стол 1");
  CHECK_FALSE(table_name_in(club.db, first.id + 1000, "fr"));
}

}  // namespace
