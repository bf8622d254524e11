#include "tests/support/table_server.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <future>
#include <optional>

#include "engine/legal_actions.hpp"
#include "engine/state_hash.hpp"
#include "protocol/engine_json.hpp"

namespace sp::test {

using namespace server;

TableServer::~TableServer() {
  guard.reset();
  ioc.stop();
  thread.join();
  // Moves still in the store hold their tables (and the tables' strands):
  // they finish while the io_context still exists.
  store.run_sync([](Records&) {});
}

TableRecord started_table(Store& store, std::uint64_t seed, const std::string& first, const std::string& second) {
  std::optional<TableRecord> record;
  store.run_sync([&](Records& db) {
    const std::int64_t creator = db.insert_user(first, "x", 0);
    const std::int64_t other = db.insert_user(second, "x", 0);
    TableRecord t;
    t.name = first + "'s table";
    t.creator_id = creator;
    t.status = TableStatus::kOpen;
    t.player_count = 2;
    t.options_json = "{}";
    t.card_set_version = std::string(engine::card_set_version());
    const std::int64_t id = db.insert_table(t, 0);
    db.insert_seat(id, 0, creator);
    db.insert_seat(id, 1, other);
    t = *db.load_table(id);
    t.seed = seed;
    db.start_table(id, seed, engine::state_hash_hex(*engine::new_game(setup_of(t))), 0);
    record = db.load_table(id);
  });
  return *record;
}

std::pair<std::int64_t, nlohmann::json> first_move(const TableRecord& record, const engine::GameState& state) {
  const engine::Seat seat = engine::seats_to_act(state).front();
  const auto legal = engine::legal_actions(state, seat);
  return {record.seats.at(seat.value).user_id, protocol::encode_action(legal.front().action)};
}

Reply act_and_wait(Table& table, std::int64_t user, std::int64_t move_number, nlohmann::json action,
                   const server::Subscriber* from) {
  std::promise<Reply> promise;
  auto future = promise.get_future();
  const auto decoded = sp::protocol::decode_action(action);
  REQUIRE(decoded.has_value());
  table.act(user, move_number, *decoded, [&promise](Reply r) { promise.set_value(std::move(r)); }, from);
  REQUIRE(future.wait_for(std::chrono::seconds(20)) == std::future_status::ready);
  return future.get();
}

}  // namespace sp::test
