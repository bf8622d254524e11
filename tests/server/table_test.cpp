// A table on a real SQLite file: persist then announce, a failed write stops
// the table, and a table loads from its latest snapshot as from its seed.
#include "server/table/table.hpp"

#include <doctest/doctest.h>

#include "engine/random_game.hpp"
#include "engine/state_hash.hpp"
#include "protocol/engine_json.hpp"
#include "server/store/sqlite/database.hpp"
#include "server/store/snapshot.hpp"
#include "tests/support/table_server.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace sp::server;
using nlohmann::json;
using sp::test::act_and_wait;
using sp::test::started_table;

std::int64_t stored_moves(Store& store, std::int64_t table_id) {
  std::int64_t count = 0;
  store.run_sync([&](Records& db) { count = static_cast<std::int64_t>(db.load_moves(table_id).size()); });
  return count;
}

}  // namespace

TEST_CASE("an accepted move is on disk when it is acknowledged") {
  sp::test::TempDir dir;
  Store store(StoreOptions{dir.file("spb.sqlite")});
  sp::test::TableServer server(store);
  const TableRecord record = started_table(store, 7);
  const auto table = server.registry.add_started(record);
  const auto [user, action] = sp::test::first_move(record, *sp::engine::new_game(setup_of(record)));

  const Reply reply = act_and_wait(*table, user, 1, action);
  REQUIRE(reply.ok);
  CHECK(nlohmann::json::parse(reply.data_text).at("move_number") == 1);
  CHECK(stored_moves(store, record.id) == 1);
  CHECK(server.metrics.actions_accepted == 1);
}

TEST_CASE("a failed write stops the table: the move is refused, later moves too, nothing is stored") {
  sp::test::TempDir dir;
  Store store(StoreOptions{dir.file("spb.sqlite")});
  sp::test::TableServer server(store);
  const TableRecord record = started_table(store, 7);
  const auto table = server.registry.add_started(record);
  const auto [user, action] = sp::test::first_move(record, *sp::engine::new_game(setup_of(record)));
  // A real failure of SQLite inside the move's transaction, as a full disk
  // gives, set up behind the store's back by a second connection.
  Database side(dir.file("spb.sqlite"));
  side.exec("CREATE TRIGGER no_room BEFORE INSERT ON moves BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");

  const Reply failed = act_and_wait(*table, user, 1, action);
  CHECK_FALSE(failed.ok);
  CHECK(failed.code == "internal_error");
  CHECK(server.metrics.tables_faulted == 1);

  side.exec("DROP TRIGGER no_room");
  const Reply after = act_and_wait(*table, user, 1, action);
  CHECK_FALSE(after.ok);
  CHECK(after.code == "table_faulted");
  CHECK(stored_moves(store, record.id) == 0);
  CHECK(server.metrics.actions_accepted == 0);
}

namespace {

// A whole random game stored as the server stores it: moves with their state
// hashes, and a snapshot every kSnapshotEvery moves.
struct StoredGame {
  TableRecord record;
  std::vector<MoveRecord> moves;
  std::optional<SnapshotRecord> snapshot;
  sp::engine::GameState final_state;
};

StoredGame stored_random_game(std::uint64_t seed) {
  StoredGame game;
  game.record.id = 1;
  game.record.player_count = 3;
  game.record.options_json = R"({"expansions": ["banquet", "new_society"]})";
  game.record.seed = seed;
  game.record.card_set_version = std::string(sp::engine::card_set_version());
  auto state = *sp::engine::new_game(setup_of(game.record));
  sp::engine::RandomPlayer player(seed);
  sp::engine::RandomGameStats stats;
  std::vector<sp::engine::LoggedAction> log;
  REQUIRE(sp::engine::play_randomly(state, player, stats, &log));
  auto replayed = *sp::engine::new_game(setup_of(game.record));
  for (std::size_t i = 0; i < log.size(); ++i) {
    REQUIRE(sp::engine::apply_in_place(replayed, log[i].seat, log[i].action, nullptr));
    const auto number = static_cast<std::int64_t>(i) + 1;
    game.moves.push_back(MoveRecord{number, log[i].seat.value, sp::protocol::encode_action(log[i].action).dump(),
                                    sp::engine::state_hash_hex(replayed), 0});
    if (number % kSnapshotEvery == 0) game.snapshot = SnapshotRecord{number, encode_snapshot(replayed)};
  }
  game.final_state = replayed;
  game.record.move_count = static_cast<std::int64_t>(game.moves.size());
  game.record.state_hash = game.moves.back().state_hash;
  return game;
}

}  // namespace

TEST_CASE("a table loads from its latest snapshot to the same state as a replay from its seed") {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const StoredGame game = stored_random_game(seed);
    REQUIRE(game.snapshot);
    const LoadedGame from_snapshot = load_stored(game.record, game.moves, game.snapshot);
    const LoadedGame from_seed = replay_stored(game.record, game.moves);
    CHECK(from_snapshot.state == game.final_state);
    CHECK(from_seed.state == game.final_state);
    CHECK(from_snapshot.log.size() == game.moves.size());
  }
}

TEST_CASE("a damaged snapshot is not trusted: the table is replayed from its seed") {
  StoredGame game = stored_random_game(3);
  REQUIRE(game.snapshot);
  game.snapshot->state[game.snapshot->state.size() / 2] ^= 0x5a;
  CHECK(load_stored(game.record, game.moves, game.snapshot).state == game.final_state);
  game.snapshot->state.resize(10);
  CHECK(load_stored(game.record, game.moves, game.snapshot).state == game.final_state);
}

TEST_CASE("a log cut short at its end is reported") {
  StoredGame game = stored_random_game(5);
  game.moves.pop_back();
  CHECK_THROWS_WITH_AS(load_stored(game.record, game.moves, game.snapshot),
                       doctest::Contains("the log is cut short"), std::runtime_error);
}

TEST_CASE("a move after the snapshot that does not replay is reported, snapshot or not") {
  StoredGame game = stored_random_game(4);
  REQUIRE(game.snapshot);
  game.moves.back().state_hash = "0000000000000000";
  game.record.state_hash = game.moves.back().state_hash;
  CHECK_THROWS_WITH_AS(load_stored(game.record, game.moves, game.snapshot),
                       doctest::Contains("but the log says"), std::runtime_error);
  CHECK_THROWS_AS(replay_stored(game.record, game.moves), std::runtime_error);
}
