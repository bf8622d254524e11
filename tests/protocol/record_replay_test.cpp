#include "protocol/record_replay.hpp"

#include <doctest/doctest.h>

#include "engine/random_game.hpp"
#include "engine/state_hash.hpp"
#include "protocol/engine_json.hpp"
#include "protocol/log_entry_json.hpp"

using namespace sp;
using nlohmann::json;

namespace {

constexpr std::uint64_t kSeed = 20261127;

// A whole random game of three seats as a record writes it: its moves, each
// with the state hash it reached, and the trailer.
struct Recorded {
  json options = protocol::encode_options(engine::TableOptions{});
  json moves = json::array();
  json trailer;
};

Recorded random_record() {
  Recorded r;
  engine::GameSetup setup;
  setup.player_count = 3;
  setup.seed = kSeed;
  auto state = engine::new_game(setup);
  REQUIRE(state);
  engine::RandomPlayer player(kSeed + 1);
  engine::RandomGameStats stats;
  std::vector<engine::LoggedAction> log;
  REQUIRE(engine::play_randomly(*state, player, stats, &log));
  auto replayed = engine::new_game(setup);
  std::optional<engine::GameState> before;
  for (std::size_t i = 0; i < log.size(); ++i) {
    REQUIRE(engine::apply_entry(*replayed, before, log[i], nullptr));
    r.moves.push_back({{"move_number", i + 1}, {"seat", log[i].seat.value}, {"action", protocol::encode_log_entry(log[i])},
                       {"state_hash", engine::state_hash_hex(*replayed)}});
  }
  r.trailer = {{"end", "finished"}, {"moves", log.size()}, {"state_hash", engine::state_hash_hex(*replayed)}};
  return r;
}

}  // namespace

TEST_CASE("a record's moves replay from its setup to every recorded state hash" * doctest::test_suite("protocol")) {
  Recorded r = random_record();
  const auto whole = protocol::replay_record(3, r.options, kSeed, r.moves, r.trailer);
  CHECK_FALSE(whole.fault);
  CHECK(whole.moves == static_cast<std::int64_t>(r.moves.size()));
  CHECK(whole.state.is_finished());

  SUBCASE("another seed deals another game: the first move does not replay") {
    const auto other = protocol::replay_record(3, r.options, kSeed + 1, r.moves, r.trailer);
    REQUIRE(other.fault);
    CHECK(other.fault->move_number == 1);
    CHECK(other.moves == 0);
  }
  SUBCASE("a changed state hash is named by its move") {
    r.moves[6]["state_hash"] = "0000000000000000";
    const auto changed = protocol::replay_record(3, r.options, kSeed, r.moves, r.trailer);
    REQUIRE(changed.fault);
    CHECK(changed.fault->kind == protocol::ReplayFault::kStateHash);
    CHECK(changed.fault->move_number == 7);
    CHECK(changed.moves == 6);
  }
  SUBCASE("an action that does not read is named by its move") {
    r.moves[3]["action"] = {{"type", "conjure"}};
    const auto changed = protocol::replay_record(3, r.options, kSeed, r.moves, r.trailer);
    REQUIRE(changed.fault);
    CHECK(changed.fault->kind == protocol::ReplayFault::kUnreadable);
    CHECK(changed.fault->move_number == 4);
  }
  SUBCASE("a move by another seat is refused by the engine") {
    r.moves[0]["seat"] = (r.moves[0]["seat"].get<int>() + 1) % 3;
    const auto changed = protocol::replay_record(3, r.options, kSeed, r.moves, r.trailer);
    REQUIRE(changed.fault);
    CHECK(changed.fault->kind == protocol::ReplayFault::kRefused);
    CHECK(changed.fault->move_number == 1);
  }
  SUBCASE("a gap in the numbering, a seat that does not exist, a move without its hash") {
    json gap = r.moves;
    gap.erase(gap.begin() + 2);
    CHECK(protocol::replay_record(3, r.options, kSeed, gap, r.trailer).fault->kind == protocol::ReplayFault::kGap);
    json seat = r.moves;
    seat[1]["seat"] = 5;
    CHECK(protocol::replay_record(3, r.options, kSeed, seat, r.trailer).fault->kind == protocol::ReplayFault::kNoSeat);
    json bare = r.moves;
    bare[1].erase("state_hash");
    CHECK(protocol::replay_record(3, r.options, kSeed, bare, r.trailer).fault->kind == protocol::ReplayFault::kMalformed);
  }
  SUBCASE("a record cut short does not match its trailer") {
    r.moves.erase(r.moves.end() - 1);
    const auto cut = protocol::replay_record(3, r.options, kSeed, r.moves, r.trailer);
    REQUIRE(cut.fault);
    CHECK(cut.fault->kind == protocol::ReplayFault::kEnd);
  }
  SUBCASE("options or a player count that do not deal fail at the setup, whatever the JSON") {
    CHECK(protocol::replay_record(9, r.options, kSeed, r.moves, r.trailer).fault->kind == protocol::ReplayFault::kSetup);
    CHECK(protocol::replay_record(3, json::array({1, 2}), kSeed, r.moves, r.trailer).fault->kind ==
          protocol::ReplayFault::kSetup);
    CHECK(protocol::replay_record(3, r.options, kSeed, json("moves"), json(7)).fault->kind ==
          protocol::ReplayFault::kMalformed);
  }
}
