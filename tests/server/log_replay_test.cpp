// Replays of stored games (server/admin): a stored log replays to the state
// the live game reached, for thousands of random games over every expansion
// set; a corrupted or cut-short log is reported at its first bad move, never
// accepted.
#include <doctest/doctest.h>

#include <map>
#include <sstream>

#include "engine/state_hash.hpp"
#include "server/table/log_replay.hpp"
#include "server/admin/replay_report.hpp"
#include "server/admin/verify.hpp"
#include "server/store/open_backend.hpp"
#include "server/store/records.hpp"
#include "tests/support/each_backend.hpp"
#include "tests/support/stored_games.hpp"
#include "tests/support/temp_dir.hpp"

using namespace sp;
using namespace sp::server;

namespace {

struct GameDatabase {
  test::TempDir dir;
  std::string location = test::each_backend(dir);
  std::unique_ptr<StoreBackend> backend = open_migrated_backend(location, false);
  Records& db = backend->records();

  // Damage done behind the server's back, on a connection of its own: `sql`
  // takes the table's id as $1 (which SQLite reads as its first parameter).
  void damage(const std::string& sql, std::int64_t table) { test::run_sql(location, sql, table); }

  test::StoredGame game(std::uint64_t seed, int players = 3, engine::Expansions expansions = {true, true}) {
    return test::store_random_game(db, players, expansions, seed);
  }
  std::optional<TableCheck> check(std::int64_t table) { return verify_table(db, table); }
};

}  // namespace

TEST_CASE("replay equals live play for thousands of random games over every expansion set") {
  GameDatabase g;
  struct Config {
    int players;
    engine::Expansions expansions;
  };
  std::vector<Config> configs;
  for (bool banquet : {false, true}) {
    for (bool new_society : {false, true}) {
      for (int players = 2; players <= (new_society ? 5 : 4); ++players) configs.push_back({players, {banquet, new_society}});
    }
  }
  // PostgreSQL takes a round trip per statement: a tenth of the games there
  // still reads every move back through its each_started_game.
  const int kGames = backend_kind(g.location) == BackendKind::kPostgresql ? 200 : 2000;
  std::vector<test::StoredGame> games;
  {
    g.backend->begin();
    for (int i = 0; i < kGames; ++i) {
      const Config& c = configs[static_cast<std::size_t>(i) % configs.size()];
      test::StoredGame game = g.game(1000 + static_cast<std::uint64_t>(i), c.players, c.expansions);
      // Full states are compared for a sample; every game's hashes below.
      if (i % 40 == 0) games.push_back(game);
    }
    g.backend->commit();
  }
  std::int64_t ok = 0;
  const VerifySummary summary = verify_database(g.db, [&](const TableCheck& c) {
    if (c.divergence) FAIL("table " << c.table << ": " << c.divergence->describe());
    ++ok;
  });
  CHECK(summary.tables == kGames);
  CHECK(summary.diverged == 0);
  CHECK(ok == kGames);
  for (const test::StoredGame& game : games) {
    const auto record = g.db.load_table(game.table);
    LogReplay replay(*record);
    for (const MoveRecord& move : g.db.load_moves(game.table)) REQUIRE(replay.apply(move, true, nullptr));
    CHECK(replay.finish(*record));
    CHECK(replay.state() == game.live);
  }
}

TEST_CASE("a log read in pieces, each after the moves already read, replays like the whole log") {
  // How a node follows a table another node plays (Table::follow).
  GameDatabase g;
  const auto game = g.game(11);
  const auto record = g.db.load_table(game.table);
  const std::int64_t total = static_cast<std::int64_t>(g.db.load_moves(game.table).size());
  REQUIRE(total > 20);
  LogReplay replay(*record);
  for (std::int64_t piece : {1, 7, 2, 13}) {
    const auto moves = g.db.load_moves_after(game.table, replay.moves());
    REQUIRE(static_cast<std::int64_t>(moves.size()) == total - replay.moves());
    for (std::size_t i = 0; i < moves.size() && static_cast<std::int64_t>(i) < piece; ++i) {
      REQUIRE(replay.apply(moves[i], true, nullptr));
    }
  }
  for (const MoveRecord& move : g.db.load_moves_after(game.table, replay.moves())) REQUIRE(replay.apply(move, true, nullptr));
  CHECK(replay.moves() == total);
  CHECK(replay.finish(*record));
  CHECK(replay.state() == game.live);
  CHECK(g.db.load_moves_after(game.table, total).empty());
}

TEST_CASE("an edited action is reported at its move") {
  GameDatabase g;
  const auto game = g.game(7);
  g.damage("UPDATE moves SET action_json = '{\"type\":\"buy\",\"card\":\"dragon\",\"from\":\"upper\"}' "
               "WHERE table_id = $1 AND move_number = 17", game.table);
  const auto check = g.check(game.table);
  REQUIRE(check->divergence);
  CHECK(check->divergence->move_number == 17);
  CHECK(check->divergence->reason.find("does not read") != std::string::npos);
}

TEST_CASE("an action another seat could not take is reported at its move") {
  GameDatabase g;
  const auto game = g.game(8);
  g.damage("UPDATE moves SET seat = (seat + 1) % 3 WHERE table_id = $1 AND move_number = 5", game.table);
  const auto check = g.check(game.table);
  REQUIRE(check->divergence);
  CHECK(check->divergence->move_number == 5);
}

TEST_CASE("an edited state hash is reported at its move") {
  GameDatabase g;
  const auto game = g.game(9);
  g.damage("UPDATE moves SET state_hash = '0000000000000000' WHERE table_id = $1 AND move_number = 40", game.table);
  const auto check = g.check(game.table);
  REQUIRE(check->divergence);
  CHECK(check->divergence->move_number == 40);
  CHECK(check->divergence->reason.find("0000000000000000") != std::string::npos);
}

TEST_CASE("a log cut short is reported at the first missing move") {
  GameDatabase g;
  const auto game = g.game(10);
  g.damage("DELETE FROM moves WHERE table_id = $1 AND move_number > 30", game.table);
  const auto check = g.check(game.table);
  REQUIRE(check->divergence);
  CHECK(check->divergence->move_number == 31);
  CHECK(check->divergence->reason.find("cut short") != std::string::npos);
}

TEST_CASE("a move missing from the middle of the log is reported as a gap") {
  GameDatabase g;
  const auto game = g.game(11);
  g.damage("DELETE FROM moves WHERE table_id = $1 AND move_number = 12", game.table);
  const auto check = g.check(game.table);
  REQUIRE(check->divergence);
  CHECK(check->divergence->move_number == 12);
  CHECK(check->divergence->reason.find("gap") != std::string::npos);
}

TEST_CASE("verify reports each table: the sound one ok, the broken one at its first bad move") {
  GameDatabase g;
  const auto sound = g.game(12);
  const auto broken = g.game(13);
  g.damage("UPDATE moves SET state_hash = 'ffffffffffffffff' WHERE table_id = $1 AND move_number >= 3", broken.table);
  std::map<std::int64_t, std::optional<Divergence>> seen;
  const VerifySummary summary = verify_database(g.db, [&](const TableCheck& c) { seen[c.table] = c.divergence; });
  CHECK(summary.tables == 2);
  CHECK(summary.diverged == 1);
  CHECK_FALSE(seen.at(sound.table));
  REQUIRE(seen.at(broken.table));
  CHECK(seen.at(broken.table)->move_number == 3);
}

TEST_CASE("the replay report gives each purchase's price with its reasons and ends with the state") {
  GameDatabase g;
  const auto game = g.game(14);
  std::ostringstream out;
  std::string error;
  ReplayRequest request;
  request.verify = true;
  const auto outcome = write_replay_report(*g.db.load_table(game.table), g.db.load_moves(game.table), request, out, error);
  CHECK(outcome == ReplayOutcome::kReplayed);
  CHECK(out.str().find(" bought ") != std::string::npos);
  CHECK(out.str().find("price: printed cost ") != std::string::npos);
  CHECK(out.str().find("but the engine charged") == std::string::npos);
  CHECK(out.str().find("administrator view, state hash " + engine::state_hash_hex(game.live)) != std::string::npos);
}

TEST_CASE("the replay report refuses a move past the end and prints nothing") {
  GameDatabase g;
  const auto game = g.game(15);
  std::ostringstream out;
  std::string error;
  ReplayRequest request;
  request.to = game.moves + 1;
  CHECK(write_replay_report(*g.db.load_table(game.table), g.db.load_moves(game.table), request, out, error) ==
        ReplayOutcome::kRefused);
  CHECK(out.str().empty());
  CHECK(error.find("past the end") != std::string::npos);
}

TEST_CASE("the replay report with --verify stops at the first divergence") {
  GameDatabase g;
  const auto game = g.game(16);
  g.damage("UPDATE moves SET state_hash = '0123456789abcdef' WHERE table_id = $1 AND move_number = 6", game.table);
  std::ostringstream out;
  std::string error;
  ReplayRequest request;
  request.verify = true;
  CHECK(write_replay_report(*g.db.load_table(game.table), g.db.load_moves(game.table), request, out, error) ==
        ReplayOutcome::kDiverged);
  CHECK(out.str().find("DIVERGES at move 6:") != std::string::npos);
  CHECK(out.str().find("Move 7,") == std::string::npos);
}
