// A tournament moved on in the store (server/tournament/advance.hpp), on a real
// SQLite file and a real PostgreSQL database: its first round at its start
// date, each next round once the last table of the round before ended, its end
// after its last round; each step once, however often it is asked for.
#include <doctest/doctest.h>

#include <algorithm>
#include <future>
#include <map>
#include <set>

#include "protocol/stored_text.hpp"
#include "server/notices/table_name_words.hpp"
#include "server/store/open_backend.hpp"
#include "server/tournament/advance.hpp"
#include "server/tournament/round_plan.hpp"
#include "tests/support/each_backend.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace sp::server;

constexpr std::int64_t kNow = 1'800'000'000;
constexpr std::int64_t kDay = 86'400;

struct Club {
  sp::test::TempDir dir;
  std::string location = sp::test::each_backend(dir);
  std::unique_ptr<StoreBackend> backend = open_migrated_backend(location, false);
  Records& db = backend->records();
  std::int64_t organiser = db.insert_user("organiser", "x", 0);
  std::vector<std::int64_t> players;

  std::int64_t tournament(TournamentFormat format, int table_players, int rounds, int field,
                          std::optional<int> advance = std::nullopt, std::int64_t closes = kNow + kDay) {
    sp::protocol::client::CreateTable tables;
    tables.players = table_players;
    tables.move_deadline_hours = 72;
    TournamentRecord t;
    t.name = "Autumn cup";
    t.creator_id = organiser;
    t.format = format;
    t.rounds = rounds;
    t.table_players = table_players;
    t.table_request = sp::protocol::stored_table_request_text(tables);
    t.advance = advance;
    t.registration_closes_at = closes;
    t.starts_at = closes;
    t.created_at = kNow;
    const std::int64_t id = db.insert_tournament(t);
    for (int i = static_cast<int>(players.size()); i < field; ++i) {
      players.push_back(db.insert_user("player" + std::to_string(i), "x", 0));
    }
    for (int i = 0; i < field; ++i) REQUIRE(db.register_player(id, players[static_cast<std::size_t>(i)], kNow));
    return id;
  }

  std::vector<TournamentTableRecord> tables_of(std::int64_t id, int round) {
    std::vector<TournamentTableRecord> out;
    for (const TournamentTableRecord& t : db.tournament_tables(id)) {
      if (t.round == round) out.push_back(t);
    }
    return out;
  }

  // Ends every table of the round still being played: seat 0 wins, each seat
  // after it one place lower, with fewer points and rubles.
  void end_round(std::int64_t id, int round) {
    for (const TournamentTableRecord& table : tables_of(id, round)) {
      if (table.status != TableStatus::kPlaying) continue;
      db.set_imported_table_status(table.table_id, TableStatus::kFinished, kNow);
      for (const auto& seat : table.seats) {
        GameResultRecord r;
        r.table_id = table.table_id;
        r.seat = seat.seat;
        r.user_id = seat.user_id;
        r.place = seat.seat + 1;
        r.finished_at = kNow;
        r.points = 80 - 10 * seat.seat;
        r.rubles = 5 - seat.seat;
        db.insert_game_result(r);
      }
    }
  }
};

std::multiset<std::int64_t> seated(const std::vector<TableRecord>& tables) {
  std::multiset<std::int64_t> users;
  for (const TableRecord& t : tables) {
    for (const SeatRecord& s : t.seats) users.insert(s.user_id);
  }
  return users;
}

int count_kind(const Advanced& advanced, const std::string& kind) {
  return static_cast<int>(std::count_if(advanced.notes.begin(), advanced.notes.end(),
                                        [&](const StoredNotification& n) { return n.record.kind == kind; }));
}

TEST_CASE("a tournament waits for its start date, then seats every registered player at one table of round 1") {
  Club club;
  const std::int64_t id = club.tournament(TournamentFormat::kSwiss, 3, 3, 9);
  const Advanced early = advance_tournament(club.db, id, kNow);
  CHECK(early.started.empty());
  CHECK(early.check_at == kNow + kDay);
  CHECK(club.db.load_tournament(id)->status == TournamentStatus::kRegistering);

  const Advanced begun = advance_tournament(club.db, id, kNow + kDay);
  REQUIRE(begun.started.size() == 3);
  const auto users = seated(begun.started);
  CHECK(users == std::multiset<std::int64_t>(club.players.begin(), club.players.end()));
  for (const TableRecord& t : begun.started) {
    CHECK(t.status == TableStatus::kPlaying);
    CHECK(t.player_count == 3);
    REQUIRE(t.tournament);
    CHECK(t.tournament->id == id);
    CHECK(t.tournament->round == 1);
    // Its pace is the tournament's, and a tournament's date holds: no floating days.
    CHECK(t.move_seconds == 72 * 3600);
    CHECK_FALSE(t.floating_vacation);
  }
  CHECK(count_kind(begun, "tournament_round") == 9);
  CHECK(count_kind(begun, "table_started") == 0);  // the round's notice says it, once
  // Its mails name each table in the reader's language.
  const TableRecord& first = begun.started.front();
  CHECK(table_name_in(club.db, first.id, "fr") ==
        "Autumn cup, ronde 1, table " + std::to_string(first.tournament->number));
  const auto t = club.db.load_tournament(id);
  CHECK(t->status == TournamentStatus::kPlaying);
  CHECK(t->current_round == 1);
}

TEST_CASE("a day before the registration closes its players are told once") {
  Club club;
  const std::int64_t closes = kNow + 3 * kDay;
  const std::int64_t id = club.tournament(TournamentFormat::kSwiss, 3, 2, 6, std::nullopt, closes);
  const Advanced early = advance_tournament(club.db, id, kNow);
  CHECK(early.notes.empty());
  CHECK(early.check_at == closes - kDay);
  const Advanced told = advance_tournament(club.db, id, closes - kDay);
  CHECK(count_kind(told, "tournament_registration_closing") == 6);
  CHECK(told.check_at == closes);
  CHECK(advance_tournament(club.db, id, closes - kDay + 60).notes.empty());
  // A tournament created within a day of its close tells nobody: the players registered knowing it.
  const std::int64_t late = club.tournament(TournamentFormat::kSwiss, 3, 2, 6, std::nullopt, kNow + kDay / 2);
  CHECK(advance_tournament(club.db, late, kNow + 60).notes.empty());
}

TEST_CASE("a round is started once, however often the tournament is looked at") {
  Club club;
  const std::int64_t id = club.tournament(TournamentFormat::kSwiss, 3, 3, 6);
  REQUIRE(advance_tournament(club.db, id, kNow + kDay).started.size() == 2);
  CHECK(advance_tournament(club.db, id, kNow + kDay).started.empty());
  CHECK(advance_tournament(club.db, id, kNow + 2 * kDay).started.empty());
  CHECK(club.db.tournament_tables(id).size() == 2);
  // The claim itself: a second start of the same round writes nothing.
  CHECK_FALSE(club.db.start_round(id, 1, kNow));
  CHECK(club.db.tournament_rounds(id).size() == 1);
}

TEST_CASE("the next round waits for the last table of the round before") {
  Club club;
  const std::int64_t id = club.tournament(TournamentFormat::kSwiss, 3, 2, 6);
  advance_tournament(club.db, id, kNow + kDay);
  const auto first = club.tables_of(id, 1);
  club.db.set_imported_table_status(first[0].table_id, TableStatus::kFinished, kNow);
  CHECK(advance_tournament(club.db, id, kNow + kDay).started.empty());
  CHECK(club.db.load_tournament(id)->current_round == 1);
}

TEST_CASE("Swiss: round 2 of sixteen players at tables of four repeats no meeting of round 1") {
  Club club;
  const std::int64_t id = club.tournament(TournamentFormat::kSwiss, 4, 2, 16);
  advance_tournament(club.db, id, kNow + kDay);
  std::set<std::pair<std::int64_t, std::int64_t>> met;
  for (const TournamentTableRecord& table : club.tables_of(id, 1)) {
    for (const auto& a : table.seats) {
      for (const auto& b : table.seats) {
        if (a.user_id < b.user_id) met.insert({a.user_id, b.user_id});
      }
    }
  }
  club.end_round(id, 1);
  const Advanced second = advance_tournament(club.db, id, kNow + 2 * kDay);
  REQUIRE(second.started.size() == 4);
  for (const TableRecord& table : second.started) {
    CHECK(table.tournament->round == 2);
    for (const SeatRecord& a : table.seats) {
      for (const SeatRecord& b : table.seats) {
        if (a.user_id < b.user_id) CHECK_FALSE(met.count({a.user_id, b.user_id}));
      }
    }
  }
  const auto rounds = club.db.tournament_rounds(id);
  REQUIRE(rounds.size() == 2);
  CHECK(rounds[0].status == RoundStatus::kFinished);
  CHECK(rounds[1].status == RoundStatus::kPlaying);
}

TEST_CASE("after its last round the tournament finishes and tells each player their rank") {
  Club club;
  const std::int64_t id = club.tournament(TournamentFormat::kSwiss, 3, 1, 6);
  advance_tournament(club.db, id, kNow + kDay);
  club.end_round(id, 1);
  const Advanced end = advance_tournament(club.db, id, kNow + 2 * kDay);
  CHECK(end.started.empty());
  CHECK(count_kind(end, "tournament_finished") == 6);
  const auto t = club.db.load_tournament(id);
  CHECK(t->status == TournamentStatus::kFinished);
  CHECK(t->finished_at == kNow + 2 * kDay);
  // Both winners share the top: 12 points each at a table of three.
  const TournamentPast past = past_of(club.db.tournament_players(id), club.db.tournament_results(id),
                                      club.db.tournament_byes(id), club.db.tournament_tables(id), false);
  const auto rows = standings_of(*t, past);
  REQUIRE(rows.size() == 6);
  CHECK(rows[0].points.value == 24);
  CHECK(rows[0].games == 1);
  CHECK(rows[0].game_points == 80);
  CHECK(rows[5].points.value == 0);
  CHECK(advance_tournament(club.db, id, kNow + 3 * kDay).notes.empty());
}

TEST_CASE("two nodes moving one tournament on at the same moment start its round once") {
  Club club;
  const std::int64_t id = club.tournament(TournamentFormat::kSwiss, 4, 2, 16);
  const std::string location = club.location;
  // Each node its own connection, in its own transaction, as two `spb serve` would be.
  const auto node = [&location, id](std::int64_t now) {
    auto backend = open_migrated_backend(location, false);
    backend->begin();
    const Advanced advanced = advance_tournament(backend->records(), id, now);
    backend->commit();
    return advanced.started.size();
  };
  auto first = std::async(std::launch::async, node, kNow + kDay);
  auto second = std::async(std::launch::async, node, kNow + kDay);
  const std::size_t started = first.get() + second.get();
  CHECK(started == 4);
  CHECK(club.db.tournament_tables(id).size() == 4);
  CHECK(club.db.tournament_rounds(id).size() == 1);
  // And the next round, once its last table ended.
  club.end_round(id, 1);
  auto third = std::async(std::launch::async, node, kNow + 2 * kDay);
  auto fourth = std::async(std::launch::async, node, kNow + 2 * kDay);
  CHECK(third.get() + fourth.get() == 4);
  CHECK(club.db.tournament_tables(id).size() == 8);
  CHECK(club.db.tournament_rounds(id).size() == 2);
}

TEST_CASE("a tournament with fewer than three players at its start is cancelled") {
  Club club;
  const std::int64_t id = club.tournament(TournamentFormat::kSwiss, 3, 2, 2);
  CHECK(advance_tournament(club.db, id, kNow + kDay).started.empty());
  CHECK(club.db.load_tournament(id)->status == TournamentStatus::kCancelled);
}

TEST_CASE("a player who left is not paired again, and keeps the standings of the games played") {
  Club club;
  const std::int64_t id = club.tournament(TournamentFormat::kSwiss, 3, 2, 7);
  advance_tournament(club.db, id, kNow + kDay);
  club.end_round(id, 1);
  const std::int64_t gone = club.players[0];
  club.db.mark_player_left(id, gone, LeftHow::kWithdrew, std::nullopt, kNow + kDay);
  const Advanced second = advance_tournament(club.db, id, kNow + 2 * kDay);
  REQUIRE_FALSE(second.started.empty());
  CHECK_FALSE(seated(second.started).count(gone));
  const auto players = club.db.tournament_players(id);
  const auto left = std::find_if(players.begin(), players.end(), [&](const auto& p) { return p.user_id == gone; });
  REQUIRE(left != players.end());
  CHECK(left->left_how == LeftHow::kWithdrew);
  // Registered players who did not leave count as registered.
  CHECK(club.db.load_tournament(id)->registered == 6);
}

TEST_CASE("a tournament table an administrator aborted scores a bye for each of its players") {
  Club club;
  const std::int64_t id = club.tournament(TournamentFormat::kSwiss, 3, 2, 6);
  advance_tournament(club.db, id, kNow + kDay);
  const auto first = club.tables_of(id, 1);
  REQUIRE(club.db.abort_table(first[0].table_id, kNow, std::nullopt, std::string("a dispute")));
  club.end_round(id, 1);
  REQUIRE(advance_tournament(club.db, id, kNow + 2 * kDay).started.size() == 2);
  const auto t = club.db.load_tournament(id);
  const TournamentPast past = past_of(club.db.tournament_players(id), club.db.tournament_results(id),
                                      club.db.tournament_byes(id), club.db.tournament_tables(id), false);
  for (const sp::tournament::StandingRow& row : standings_of(*t, past)) {
    const bool aborted = std::any_of(first[0].seats.begin(), first[0].seats.end(),
                                     [&](const auto& s) { return s.user_id == row.player; });
    CHECK(row.byes == (aborted ? 1 : 0));
  }
}

TEST_CASE("elimination: the winners of each table meet at a final table, then the tournament ends") {
  Club club;
  const std::int64_t id = club.tournament(TournamentFormat::kElimination, 3, 0, 9, 1);
  const Advanced first = advance_tournament(club.db, id, kNow + kDay);
  REQUIRE(first.started.size() == 3);
  CHECK(club.db.load_tournament(id)->rounds == 2);
  std::set<std::int64_t> winners;
  for (const TableRecord& t : first.started) winners.insert(t.seats[0].user_id);
  club.end_round(id, 1);
  const Advanced final_round = advance_tournament(club.db, id, kNow + 2 * kDay);
  REQUIRE(final_round.started.size() == 1);
  std::set<std::int64_t> finalists;
  for (const SeatRecord& s : final_round.started[0].seats) finalists.insert(s.user_id);
  CHECK(finalists == winners);
  club.end_round(id, 2);
  advance_tournament(club.db, id, kNow + 3 * kDay);
  CHECK(club.db.load_tournament(id)->status == TournamentStatus::kFinished);
}

}  // namespace
