// Duplicate deals in the store (docs/fairness.md, "Duplicate deals"), on a
// real SQLite file and a real PostgreSQL database: each round's deal drawn
// before the round, contributed to until it starts, every table of the round
// and size dealt from it with its seats turned, and each table's secret kept
// until the whole round has finished.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>

#include "protocol/stored_text.hpp"
#include "server/security/credentials.hpp"
#include "server/store/open_backend.hpp"
#include "server/table/table_deal.hpp"
#include "server/tournament/advance.hpp"
#include "server/tournament/round_deal.hpp"
#include "server/tournament/round_plan.hpp"
#include "tests/support/each_backend.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace sp::server;
using sp::protocol::DealBytes;

constexpr std::int64_t kNow = 1'800'000'000;
constexpr std::int64_t kDay = 86'400;

DealBytes filled(std::uint8_t value) {
  DealBytes bytes{};
  bytes.fill(value);
  return bytes;
}

// A duplicate Swiss of `field` players at tables of `table_players`, its
// round 1 deal drawn as create_tournament draws it.
struct DuplicateClub {
  sp::test::TempDir dir;
  std::string location = sp::test::each_backend(dir);
  std::unique_ptr<StoreBackend> backend = open_migrated_backend(location, false);
  Records& db = backend->records();
  std::vector<std::int64_t> players;
  std::int64_t id = 0;

  DuplicateClub(int field, int table_players, int rounds) {
    init_credentials();
    sp::protocol::client::CreateTable tables;
    tables.players = table_players;
    tables.move_deadline_hours = 72;
    TournamentRecord t;
    t.name = "Duplicate cup";
    t.creator_id = db.insert_user("organiser", "x", 0);
    t.format = TournamentFormat::kSwiss;
    t.rounds = rounds;
    t.table_players = table_players;
    t.table_request = sp::protocol::stored_table_request_text(tables);
    t.duplicate = true;
    t.registration_closes_at = kNow + kDay;
    t.starts_at = kNow + kDay;
    t.created_at = kNow;
    id = db.insert_tournament(t);
    draw_round_deal(db, id, 1, kNow);
    for (int i = 0; i < field; ++i) {
      players.push_back(db.insert_user("player" + std::to_string(i), "x", 0));
      REQUIRE(db.register_player(id, players.back(), kNow));
    }
  }

  std::vector<TableRecord> round_tables(int round) {
    std::vector<TableRecord> out;
    for (const TournamentTableRecord& t : db.tournament_tables(id)) {
      if (t.round == round) out.push_back(*db.load_table(t.table_id));
    }
    return out;
  }

  TournamentDealRecord deal(int round) {
    for (const TournamentDealRecord& d : db.tournament_deals(id)) {
      if (d.round == round) return d;
    }
    FAIL("no deal drawn for round " << round);
    throw;
  }

  void end_round(int round) {
    for (const TableRecord& table : round_tables(round)) {
      db.set_imported_table_status(table.id, TableStatus::kFinished, kNow);
      for (const SeatRecord& seat : table.seats) {
        GameResultRecord r;
        r.table_id = table.id;
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

}  // namespace

TEST_CASE("a duplicate round's deal is drawn before the round and drawn once") {
  DuplicateClub club(6, 3, 2);
  const TournamentDealRecord first = club.deal(1);
  draw_round_deal(club.db, club.id, 1, kNow + 5);
  REQUIRE(club.db.tournament_deals(club.id).size() == 1);
  CHECK(club.deal(1).secret == first.secret);
  CHECK(club.deal(1).drawn_at == kNow);
}

TEST_CASE("players contribute to a round's deal until it starts, once each") {
  DuplicateClub club(6, 3, 2);
  CHECK(club.db.add_deal_contribution(club.id, 1, club.players[0], filled(0xAA), kNow) == ContributionOutcome::kAdded);
  CHECK(club.db.add_deal_contribution(club.id, 1, club.players[0], filled(0xBB), kNow) == ContributionOutcome::kAlreadyGiven);
  CHECK(club.db.add_deal_contribution(club.id, 1, club.players[1], filled(0x01), kNow + 1) == ContributionOutcome::kAdded);
  // Round 2's deal is not drawn before round 1 starts.
  CHECK(club.db.add_deal_contribution(club.id, 2, club.players[0], filled(0xCC), kNow) == ContributionOutcome::kClosed);
  const auto given = club.deal(1).contributions;
  REQUIRE(given.size() == 2);
  CHECK(given[0].user_id == club.players[0]);
  CHECK(given[0].bytes == filled(0xAA));
  CHECK(given[1].name == "player1");

  REQUIRE(advance_tournament(club.db, club.id, kNow + kDay).started.size() == 2);
  CHECK(club.db.add_deal_contribution(club.id, 1, club.players[2], filled(0x02), kNow + kDay) == ContributionOutcome::kClosed);
  CHECK(club.deal(1).contributions.size() == 2);
  // Round 2's deal is drawn as round 1 starts, and takes contributions now.
  CHECK(club.db.add_deal_contribution(club.id, 2, club.players[2], filled(0x02), kNow + kDay) == ContributionOutcome::kAdded);
}

TEST_CASE("every table of a duplicate round and size is dealt from the round's secret and contributions") {
  DuplicateClub club(9, 3, 2);
  REQUIRE(club.db.add_deal_contribution(club.id, 1, club.players[4], filled(0xAA), kNow) == ContributionOutcome::kAdded);
  REQUIRE(club.db.add_deal_contribution(club.id, 1, club.players[7], filled(0x10), kNow) == ContributionOutcome::kAdded);
  REQUIRE(advance_tournament(club.db, club.id, kNow + kDay).started.size() == 3);
  const auto tables = club.round_tables(1);
  REQUIRE(tables.size() == 3);
  const DealBytes secret = club.deal(1).secret;
  const std::uint64_t seed = shared_deal_seed(secret, 3, {filled(0x10), filled(0xAA)});
  for (const TableRecord& table : tables) {
    CHECK(table.seed == seed);
    CHECK(table.deal_secret == secret);
    REQUIRE(table.shared_deal);
    CHECK(table.shared_deal->contributions == std::vector<DealBytes>{filled(0x10), filled(0xAA)});
  }
  // Each seat of the deal is held by a table's strongest player once: the seats turn from table to table.
  std::set<std::int64_t> first_seats;
  for (const TableRecord& table : tables) first_seats.insert(table.seats.at(0).user_id);
  CHECK(first_seats.size() == 3);
}

TEST_CASE("a duplicate table's secret and record wait for the whole round, not just its own game") {
  DuplicateClub club(6, 3, 2);
  REQUIRE(advance_tournament(club.db, club.id, kNow + kDay).started.size() == 2);
  const auto tables = club.round_tables(1);
  // One table finishes; the other still plays with the same cards.
  club.db.set_imported_table_status(tables[0].id, TableStatus::kFinished, kNow + kDay);
  const TableRecord finished = *club.db.load_table(tables[0].id);
  REQUIRE(finished.shared_deal);
  CHECK(finished.shared_deal->withheld);
  const auto shown = public_deal(finished);
  REQUIRE(shown);
  CHECK(shown->scheme == "spb-duplicate-v1");
  CHECK_FALSE(shown->secret);

  club.end_round(1);
  advance_tournament(club.db, club.id, kNow + 2 * kDay);
  const TableRecord revealed = *club.db.load_table(tables[0].id);
  CHECK_FALSE(revealed.shared_deal->withheld);
  CHECK(public_deal(revealed)->secret == club.deal(1).secret);
  // Round 2 is dealt from its own deal, withheld again.
  const auto second = club.round_tables(2);
  REQUIRE_FALSE(second.empty());
  CHECK(second[0].deal_secret == club.deal(2).secret);
  CHECK(second[0].shared_deal->withheld);
  CHECK(second[0].seed != tables[0].seed);
}

TEST_CASE("a duplicate tournament's standings compare the players who held the same seat of a deal") {
  DuplicateClub club(6, 3, 1);
  REQUIRE(advance_tournament(club.db, club.id, kNow + kDay).started.size() == 2);
  club.end_round(1);
  advance_tournament(club.db, club.id, kNow + 2 * kDay);
  const auto t = club.db.load_tournament(club.id);
  CHECK(t->status == TournamentStatus::kFinished);
  const TournamentPast past = past_of(club.db.tournament_players(club.id), club.db.tournament_results(club.id),
                                      club.db.tournament_byes(club.id), club.db.tournament_tables(club.id), true);
  for (const sp::tournament::TableResult& r : past.results) CHECK(r.duplicate_deal);
  // Seat 0 won at both tables: its two holders tie each other (1 half-point each); seat 2 lost at both.
  std::map<std::int64_t, int> matchpoints;
  for (const auto& row : standings_of(*t, past)) matchpoints[row.player] = row.matchpoints.value;
  for (const TableRecord& table : club.round_tables(1)) {
    CHECK(matchpoints[table.seats[0].user_id] == 1);
    CHECK(matchpoints[table.seats[2].user_id] == 1);
  }
}
