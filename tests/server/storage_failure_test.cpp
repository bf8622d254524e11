// What a failed write does to the server, on real SQLite files through a
// store whose Nth write fails (failing_store.hpp), for every N over a game's
// first moves at two tables: the move whose write failed is refused with
// internal_error, never acknowledged; its table stops while the other table
// on the same store plays on; every move acknowledged before is in the
// database, and both tables replay from it after a reopen and play on.
#include <doctest/doctest.h>

#include <chrono>
#include <future>
#include <memory>
#include <thread>
#include <vector>

#include "engine/legal_actions.hpp"
#include "engine/rules.hpp"
#include "engine/state_hash.hpp"
#include "protocol/engine_json.hpp"
#include "tests/server/failing_store.hpp"
#include "tests/support/table_server.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace sp::server;

// Acknowledged moves each table plays before the game is stopped; each move
// writes its log line and, most of the time, the next player's notification.
constexpr std::int64_t kMovesPerTable = 12;

// One table as the test plays it, and its game as the acknowledged moves left it.
struct PlayedTable {
  TableRecord record;
  std::shared_ptr<Table> table;
  sp::engine::GameState state;
  std::int64_t acknowledged = 0;
  bool stopped = false;
};

PlayedTable play_at(TableRegistry& registry, const TableRecord& record) {
  return PlayedTable{record, registry.add_started(record), *sp::engine::new_game(setup_of(record))};
}

// A move sent to a table, its reply awaited.
struct SentMove {
  sp::engine::Seat seat;
  sp::engine::Action action;
  std::shared_ptr<std::promise<Reply>> reply = std::make_shared<std::promise<Reply>>();
};

// Sends the first legal action of the seat to act.
SentMove send_move(PlayedTable& t) {
  const sp::engine::Seat seat = sp::engine::seats_to_act(t.state).front();
  SentMove sent{seat, sp::engine::legal_actions(t.state, seat).front().action};
  t.table->act(t.record.seats.at(seat.value).user_id, t.acknowledged + 1, sent.action,
               [reply = sent.reply](Reply r) { reply->set_value(std::move(r)); });
  return sent;
}

// The game moves on only when the table acknowledges the move.
Reply await_move(PlayedTable& t, const SentMove& sent) {
  auto future = sent.reply->get_future();
  REQUIRE(future.wait_for(std::chrono::seconds(20)) == std::future_status::ready);
  const Reply reply = future.get();
  if (reply.ok) {
    REQUIRE(sp::engine::apply_in_place(t.state, sent.seat, sent.action, nullptr));
    ++t.acknowledged;
  }
  return reply;
}

Reply play_one(PlayedTable& t) { return await_move(t, send_move(t)); }

std::shared_ptr<Table> served(TableRegistry& registry, std::int64_t id) {
  std::promise<std::shared_ptr<Table>> promise;
  registry.with_table(id, [&promise](std::shared_ptr<Table> table, TableUnavailable) { promise.set_value(table); });
  auto future = promise.get_future();
  REQUIRE(future.wait_for(std::chrono::seconds(20)) == std::future_status::ready);
  return future.get();
}

}  // namespace

TEST_CASE("a failed write faults only its table and loses nothing acknowledged, whichever write fails") {
  for (std::int64_t n = 1; n <= 2 * kMovesPerTable; ++n) {
    CAPTURE(n);
    sp::test::TempDir dir;
    const std::string path = dir.file("spb.sqlite");
    std::vector<PlayedTable> tables;
    {
      auto backend = std::make_unique<sp::test::FailingBackend>(path);
      sp::test::FailingRecords& failing = backend->failing();
      Store store(std::move(backend), 512);
      sp::test::TableServer server(store);
      tables.push_back(play_at(server.registry, sp::test::started_table(store, 7, "ann", "bob")));
      tables.push_back(play_at(server.registry, sp::test::started_table(store, 8, "cid", "dan")));
      failing.fail_write(n);

      // Both tables move at once, until each has played its moves or
      // stopped. The writer is held up meanwhile, so that their moves share
      // a transaction, as under load.
      for (bool playing = true; playing;) {
        store.submit([](Records&) { std::this_thread::sleep_for(std::chrono::milliseconds(20)); }, {});
        std::vector<std::pair<PlayedTable*, SentMove>> round;
        for (PlayedTable& t : tables) {
          if (!t.stopped && t.acknowledged < kMovesPerTable) round.emplace_back(&t, send_move(t));
        }
        playing = !round.empty();
        for (auto& [t, sent] : round) {
          const Reply reply = await_move(*t, sent);
          if (reply.ok) continue;
          CHECK(reply.code == "internal_error");
          t->stopped = true;
          // Stopped for good: the same move again is refused as the table's fault.
          CHECK(play_one(*t).code == "table_faulted");
        }
      }

      REQUIRE(failing.failed());
      CHECK(server.metrics.tables_stopped == 1);
      CHECK((tables[0].stopped != tables[1].stopped));
      for (PlayedTable& t : tables) {
        if (!t.stopped) CHECK(t.acknowledged == kMovesPerTable);
        t.table.reset();  // a table lives on its server's strand: it goes first
      }
    }

    // Reopened: every acknowledged move is there, nothing else, and each table
    // replays from the database and plays on, the stopped one included.
    Store reopened(StoreOptions{path, false});
    sp::test::TableServer server(reopened);
    for (PlayedTable& t : tables) {
      CAPTURE(t.record.id);
      std::vector<MoveRecord> moves;
      reopened.run_sync([&](Records& db) { moves = db.load_moves(t.record.id); });
      REQUIRE(static_cast<std::int64_t>(moves.size()) == t.acknowledged);
      if (!moves.empty()) CHECK(moves.back().state_hash == sp::engine::state_hash_hex(t.state));
      t.table = served(server.registry, t.record.id);
      REQUIRE(t.table);
      CHECK(play_one(t).ok);
    }
    CHECK(server.metrics.tables_stopped == 0);
    for (PlayedTable& t : tables) t.table.reset();  // before their server, as above
  }
}
