// A finished tournament's results bundle (server/tournament/tournament_bundle.hpp):
// a Swiss tournament whose tables are real games played to the end in the
// store (random legal moves, every state hash stored), its bundle written,
// read back, and checked as spb verify-tournament checks it: every game's
// deal and moves, the pairing of every round, the standings; then tampered
// with, and each tampering named.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>

#include "engine/legal_actions.hpp"
#include "engine/random_game.hpp"
#include "engine/rules.hpp"
#include "engine/state_hash.hpp"
#include "protocol/engine_json.hpp"
#include "protocol/stored_text.hpp"
#include "protocol/tournament_bundle.hpp"
#include "server/admin/deal_proof.hpp"
#include "server/store/open_backend.hpp"
#include "server/table/game_results.hpp"
#include "server/table/log_replay.hpp"
#include "server/tournament/advance.hpp"
#include "server/tournament/tournament_bundle.hpp"
#include "tests/support/each_backend.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace sp::server;
using sp::protocol::TournamentBundle;

constexpr std::int64_t kNow = 1'800'000'000;
constexpr std::int64_t kDay = 86'400;

struct Club {
  sp::test::TempDir dir;
  std::unique_ptr<StoreBackend> backend = open_migrated_backend(sp::test::each_backend(dir), false);
  Records& db = backend->records();
  std::int64_t organiser = db.insert_user("organiser", "x", 0);
  std::int64_t now = kNow + kDay;

  std::int64_t swiss(int table_players, int rounds, int field) {
    sp::protocol::client::CreateTable tables;
    tables.players = table_players;
    tables.move_deadline_hours = 72;
    TournamentRecord t;
    t.name = "Winter Swiss";
    t.creator_id = organiser;
    t.format = TournamentFormat::kSwiss;
    t.rounds = rounds;
    t.table_players = table_players;
    t.table_request = sp::protocol::stored_table_request_text(tables);
    t.registration_closes_at = kNow + kDay;
    t.starts_at = kNow + kDay;
    t.created_at = kNow;
    const std::int64_t id = db.insert_tournament(t);
    for (int i = 0; i < field; ++i) {
      const std::int64_t user = db.insert_user("entrant" + std::to_string(i), "x", 0);
      REQUIRE(db.register_player(id, user, kNow));
    }
    return id;
  }

  // Plays the stored table's game to its end with random legal moves, as the
  // server stores them, and writes its results; `abandoned`: a seat whose
  // person no longer played it at the end.
  void play(std::int64_t table_id, std::uint64_t seed, std::optional<int> abandoned) {
    const TableRecord table = *db.load_table(table_id);
    LogReplay dealt(table);
    REQUIRE(dealt.ok());
    sp::engine::GameState state = dealt.state();
    sp::engine::RandomPlayer player(seed);
    std::int64_t moves = 0;
    while (!state.is_finished()) {
      const sp::engine::Seat seat = sp::engine::seats_to_act(state).front();
      const sp::engine::Action action = player.choose(state, seat);
      REQUIRE(sp::engine::apply_in_place(state, seat, action, nullptr));
      MoveRecord move;
      move.move_number = ++moves;
      move.seat = seat.value;
      move.action_json = sp::protocol::encode_action(action).dump();
      move.state_hash = sp::engine::state_hash_hex(state);
      move.created_at = ++now;
      db.append_move(table_id, move, state.is_finished() ? TableStatus::kFinished : TableStatus::kPlaying);
    }
    FinishedGame finished{table.player_count, {}};
    for (const SeatRecord& s : table.seats) {
      const auto at = static_cast<std::size_t>(s.seat);
      finished.seats.push_back(FinishedSeat{s.seat, s.user_id, false, state.final_scores[at].place, abandoned == s.seat,
                                            std::nullopt, state.final_scores[at].total, state.players[at].rubles});
    }
    write_game_results(db, table_id, finished, now);
  }

  // Plays every round to the end, the director moving the tournament on.
  void play_out(std::int64_t id) {
    advance_tournament(db, id, now);
    std::uint64_t seed = 1;
    for (int guard = 0; guard < 20 && db.load_tournament(id)->status == TournamentStatus::kPlaying; ++guard) {
      for (const TournamentTableRecord& t : db.tournament_tables(id)) {
        if (t.status != TableStatus::kPlaying) continue;
        // Round 1's first table ends with its last seat abandoned (placed last).
        const bool abandon = t.round == 1 && t.number == 1;
        play(t.table_id, seed++, abandon ? std::optional<int>(static_cast<int>(t.seats.size()) - 1) : std::nullopt);
      }
      advance_tournament(db, id, ++now);
    }
    REQUIRE(db.load_tournament(id)->status == TournamentStatus::kFinished);
  }
};

// What spb verify-tournament does with a bundle, but for its printing: the
// first failure's sentence, or nothing.
std::optional<std::string> verify(const TournamentBundle& b) {
  if (auto wrong = check_tables(b)) return wrong;
  std::vector<std::optional<GameEnd>> ends;
  for (const auto& table : b.tables) {
    std::ostringstream lines;
    for (const auto& line : table.record) lines << line << '\n';
    std::istringstream in(lines.str());
    const auto records = read_records(in);
    if (!records) return records.error();
    const DealProof proof = prove_deal(records->front());
    if (proof.verdict == DealVerdict::kNotProven) return "game: " + proof.steps.back().words;
    ends.push_back(proof.end ? game_end(*proof.end) : std::nullopt);
  }
  if (auto wrong = check_pairings(b, ends)) return wrong;
  return check_standings(b, ends);
}

TournamentBundle bundle_of_tournament(Club& club, std::int64_t id) {
  const auto bundle = bundle_of(read_tournament_rows(club.db, *club.db.load_tournament(id)));
  REQUIRE(bundle.has_value());
  return *bundle;
}

// A record line's JSON text with one member's text replaced.
void replace_in(std::string& line, const std::string& from, const std::string& to) {
  const auto at = line.find(from);
  REQUIRE(at != std::string::npos);
  line.replace(at, from.size(), to);
}

TEST_CASE("a finished tournament's bundle reads back and verifies: every game, every pairing, the standings") {
  Club club;
  const std::int64_t id = club.swiss(3, 3, 7);  // two tables of 3 and a bye each round

  // Not before the end: a running game's record holds its seed.
  advance_tournament(club.db, id, club.now);
  CHECK_FALSE(bundle_of(read_tournament_rows(club.db, *club.db.load_tournament(id))).has_value());

  club.play_out(id);
  const TournamentBundle bundle = bundle_of_tournament(club, id);
  CHECK(bundle.tables.size() == 6);
  CHECK(bundle.played.size() == 3);
  CHECK(bundle.byes.size() == 3);
  CHECK(bundle.standings.size() == 7);
  CHECK(bundle.tables.front().abandoned == std::vector<int>{2});
  // Each table's record is the game's record, as spb admin export writes it.
  CHECK(bundle.tables.front().record.front().find("\"format\":\"spb-record\"") != std::string::npos);

  std::istringstream text(sp::protocol::bundle_text(bundle));
  const auto read = sp::protocol::read_bundle(text);
  REQUIRE(read.has_value());
  CHECK(*read == bundle);
  // The request's result, saved whole, reads as well.
  std::istringstream frame(R"({"type":"result","request":"tournament_bundle","data":)" +
                           sp::protocol::encode_data(sp::protocol::BundleData{sp::protocol::bundle_text(bundle)}) + "}");
  const auto from_frame = sp::protocol::read_bundle(frame);
  REQUIRE(from_frame.has_value());
  CHECK(*from_frame == bundle);

  const auto verdict = verify(bundle);
  CHECK_MESSAGE(!verdict, *verdict);

  SUBCASE("a move changed in one game's record is refused") {
    TournamentBundle tampered = bundle;
    std::string& move = tampered.tables[1].record[5];
    const auto at = move.find("\"state_hash\":\"");
    REQUIRE(at != std::string::npos);
    char& digit = move[at + 14];
    digit = digit == '0' ? '1' : '0';
    const auto wrong = verify(tampered);
    REQUIRE(wrong);
    CHECK(wrong->find("does not replay: move 5") != std::string::npos);
  }

  SUBCASE("a standings row's points changed is refused") {
    TournamentBundle tampered = bundle;
    tampered.standings[2].points_half += 2;
    const auto wrong = verify(tampered);
    REQUIRE(wrong);
    CHECK(wrong->find("Standings row 3") != std::string::npos);
    CHECK(wrong->find("points") != std::string::npos);
  }

  SUBCASE("two players swapped between the tables of a round are refused, however consistently") {
    TournamentBundle tampered = bundle;
    auto& one = tampered.tables[2];  // round 2, table 1
    auto& two = tampered.tables[3];  // round 2, table 2
    REQUIRE(one.round == 2);
    REQUIRE(two.round == 2);
    // The seats and the records' headers both, so the tables still agree with their records.
    const std::string a = one.seats[0].name;
    const std::string b = two.seats[0].name;
    replace_in(one.record.front(), "\"name\":\"" + a + "\"", "\"name\":\"" + b + "\"");
    replace_in(two.record.front(), "\"name\":\"" + b + "\"", "\"name\":\"" + a + "\"");
    std::swap(one.seats[0].player, two.seats[0].player);
    std::swap(one.seats[0].name, two.seats[0].name);
    const auto wrong = verify(tampered);
    REQUIRE(wrong);
    CHECK(wrong->find("Round 2, table 1: the pairing gives") != std::string::npos);
  }

  SUBCASE("a table whose seats disagree with its record is refused") {
    TournamentBundle tampered = bundle;
    std::swap(tampered.tables[0].seats[0].player, tampered.tables[1].seats[0].player);
    std::swap(tampered.tables[0].seats[0].name, tampered.tables[1].seats[0].name);
    const auto wrong = verify(tampered);
    REQUIRE(wrong);
    CHECK(wrong->find("its record seats") != std::string::npos);
  }

  SUBCASE("a bundle cut short does not read") {
    std::string cut = sp::protocol::bundle_text(bundle);
    cut.resize(cut.rfind("{\"end\":\"spb-tournament\""));
    std::istringstream in(cut);
    const auto short_read = sp::protocol::read_bundle(in);
    REQUIRE_FALSE(short_read.has_value());
    CHECK(short_read.error().find("cut short") != std::string::npos);
  }
}

}  // namespace
