// The deal nobody controls alone (docs/fairness.md): the seed's derivation
// against the documented test vector, and the proof of a stored game's record
// refusing a changed secret, a changed contribution, a changed seat order and
// a changed seed.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/legal_actions.hpp"
#include "engine/random_game.hpp"
#include "engine/rules.hpp"
#include "engine/setup.hpp"
#include "engine/state_hash.hpp"
#include "protocol/engine_json.hpp"
#include "server/security/credentials.hpp"
#include "server/security/fair_deal.hpp"
#include "server/store/sqlite/sqlite_records.hpp"
#include "server/admin/deal_proof.hpp"
#include "server/table/game_record.hpp"
#include "server/table/table_deal.hpp"
#include "tests/support/temp_dir.hpp"

using namespace sp;
using namespace sp::server;
using nlohmann::json;
using protocol::DealBytes;

namespace {

DealBytes counting_from(int first) {
  DealBytes bytes{};
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<std::uint8_t>(first + static_cast<int>(i));
  return bytes;
}

DealBytes filled(std::uint8_t value) {
  DealBytes bytes{};
  bytes.fill(value);
  return bytes;
}

// A three-seat fair table stored in a real database and played to its end by
// random players; returns its record as one object.
json finished_fair_game(const std::optional<Contribution>& seat0, const std::optional<Contribution>& seat1,
                        const std::optional<Contribution>& seat2) {
  init_credentials();
  test::TempDir dir;
  Database file{dir.file("fair.sqlite"), DatabaseOptions{false}};
  file.migrate();
  SqliteRecords db{file};
  const std::int64_t now = 1800000000;
  TableRecord table;
  table.name = "fair table";
  table.creator_id = db.insert_user("ann", "!", now);
  table.player_count = 3;
  table.options_json = protocol::encode_options(engine::TableOptions{}).dump();
  table.card_set_version = std::string(engine::card_set_version());
  table.deal_secret = draw_deal_secret();
  const std::int64_t id = db.insert_table(table, now);
  const std::optional<Contribution> given[] = {seat0, seat1, seat2};
  for (int seat = 0; seat < 3; ++seat) {
    db.insert_seat(id, seat, seat == 0 ? table.creator_id : db.insert_user("p" + std::to_string(seat), "!", now));
    db.set_seat_contribution(id, seat, given[seat]);
  }
  TableRecord stored = *db.load_table(id);
  engine::GameSetup setup;
  setup.player_count = 3;
  setup.seed = fair_seed(stored);
  auto state = engine::new_game(setup);
  REQUIRE(state);
  db.start_table(id, setup.seed, engine::state_hash_hex(*state), now);
  engine::RandomPlayer player(setup.seed ^ 0x5DEECE66Dull);
  std::int64_t moves = 0;
  while (!state->is_finished()) {
    const engine::Seat seat = engine::seats_to_act(*state).front();
    const engine::Action action = player.choose(*state, seat);
    REQUIRE(engine::apply_in_place(*state, seat, action, nullptr));
    MoveRecord move;
    move.move_number = ++moves;
    move.seat = seat.value;
    move.action_json = protocol::encode_action(action).dump();
    move.state_hash = engine::state_hash_hex(*state);
    db.append_move(id, move, state->is_finished() ? TableStatus::kFinished : TableStatus::kPlaying);
  }
  const auto record = record_of(*db.load_table(id), db.load_moves(id));
  REQUIRE(record);
  return record->to_json();
}

json& contribution_of(json& record, int seat) {
  for (json& entry : record["header"]["deal"]["contributions"]) {
    if (entry["seat"] == seat) return entry["contribution"];
  }
  FAIL("no such seat in the record's deal");
  throw;
}

}  // namespace

TEST_CASE("the seed is SHA-256 over the scheme, the secret and each seat's entry, its first 8 bytes little-endian") {
  init_credentials();
  // The test vector of docs/fairness.md.
  const DealSecret secret = counting_from(0);
  CHECK(deal_commitment(secret) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd");
  const std::vector<std::optional<Contribution>> seats{filled(0xAA), std::nullopt, counting_from(32)};
  CHECK(deal_seed(secret, seats) == 17156681638737302660ull);
  CHECK(robot_seed(secret) == 10607910479419887796ull);
  // Every input counts: the order, a missing contribution, one more seat.
  CHECK(deal_seed(secret, std::vector<std::optional<Contribution>>{counting_from(32), std::nullopt, filled(0xAA)}) !=
        17156681638737302660ull);
  CHECK(deal_seed(secret, std::vector<std::optional<Contribution>>{filled(0xAA), filled(0), counting_from(32)}) !=
        17156681638737302660ull);
  CHECK(deal_seed(secret, std::vector<std::optional<Contribution>>{filled(0xAA), std::nullopt, counting_from(32),
                                                                    std::nullopt}) != 17156681638737302660ull);
}

TEST_CASE("a duplicate round's seed is SHA-256 over its scheme, the secret, the table size and the sorted contributions") {
  init_credentials();
  // The test vector of docs/fairness.md, "Duplicate deals".
  const DealSecret secret = counting_from(0);
  CHECK(shared_deal_seed(secret, 4, {filled(0xAA), counting_from(32), filled(0)}) == 11517009929371993908ull);
  CHECK(shared_deal_seed(secret, 3, {}) == 2045303646302362534ull);
  // Who gave which, and in what order, does not matter; what was given and the table size do.
  CHECK(shared_deal_seed(secret, 4, {filled(0), filled(0xAA), counting_from(32)}) == 11517009929371993908ull);
  CHECK(shared_deal_seed(secret, 5, {filled(0xAA), counting_from(32), filled(0)}) != 11517009929371993908ull);
  CHECK(shared_deal_seed(secret, 4, {filled(0xAA), counting_from(32)}) != 11517009929371993908ull);
  // Not the seat-by-seat scheme's seed for the same values.
  CHECK(shared_deal_seed(secret, 3, {}) != deal_seed(secret, std::vector<std::optional<Contribution>>(3)));
}

TEST_CASE("two secrets drawn differ, and so do their commitments") {
  init_credentials();
  const DealSecret a = draw_deal_secret();
  const DealSecret b = draw_deal_secret();
  CHECK(a != b);
  CHECK(deal_commitment(a) != deal_commitment(b));
  CHECK(deal_commitment(a).size() == 64);
}

TEST_CASE("a finished fair game's record proves its deal; any change to the deal fails the proof") {
  json record = finished_fair_game(filled(0x11), filled(0x22), std::nullopt);
  REQUIRE(record["header"].contains("deal"));
  CHECK(record["header"]["deal"]["secret"].is_string());
  const DealProof proof = prove_deal(record);
  for (const ProofStep& step : proof.steps) INFO(step.words);
  REQUIRE(proof.verdict == DealVerdict::kProven);

  SUBCASE("a changed secret does not match the commitment") {
    std::string secret = record["header"]["deal"]["secret"].get<std::string>();
    secret[0] = secret[0] == '0' ? '1' : '0';
    record["header"]["deal"]["secret"] = secret;
    CHECK(prove_deal(record).verdict == DealVerdict::kNotProven);
  }
  SUBCASE("a changed secret with its own commitment does not give the seed") {
    const DealSecret other = draw_deal_secret();
    record["header"]["deal"]["secret"] = protocol::to_hex(other);
    record["header"]["deal"]["commitment"] = deal_commitment(other);
    const DealProof changed = prove_deal(record);
    CHECK(changed.verdict == DealVerdict::kNotProven);
    CHECK(changed.steps.back().words.find("give the seed") != std::string::npos);
    CHECK_FALSE(changed.steps.back().held);
  }
  SUBCASE("a changed contribution does not give the seed") {
    contribution_of(record, 1) = protocol::to_hex(filled(0x23));
    CHECK(prove_deal(record).verdict == DealVerdict::kNotProven);
  }
  SUBCASE("a contribution taken away does not give the seed") {
    contribution_of(record, 0) = nullptr;
    CHECK(prove_deal(record).verdict == DealVerdict::kNotProven);
  }
  SUBCASE("the contributions in another seat order do not give the seed") {
    std::swap(contribution_of(record, 0), contribution_of(record, 1));
    CHECK(prove_deal(record).verdict == DealVerdict::kNotProven);
  }
  SUBCASE("a seed made to match changed contributions deals another game: the moves do not replay") {
    contribution_of(record, 2) = protocol::to_hex(filled(0x33));
    const auto deal = read_recorded_deal(record["header"]["deal"], 3);
    REQUIRE(deal);
    record["header"]["seed"] = std::to_string(deal_seed(*deal->secret, deal->seats));
    const DealProof changed = prove_deal(record);
    CHECK(changed.verdict == DealVerdict::kNotProven);
    CHECK(changed.steps.back().words.find("does not replay") != std::string::npos);
  }
  SUBCASE("a move changed after the fact does not reach the recorded state") {
    record["moves"][0]["state_hash"] = "0000000000000000";
    CHECK(prove_deal(record).verdict == DealVerdict::kNotProven);
  }
  SUBCASE("a record without its secret is not proven") {
    record["header"]["deal"].erase("secret");
    CHECK(prove_deal(record).verdict == DealVerdict::kNotProven);
  }
}

TEST_CASE("a game no seat contributed to is consistent, and said to be the server's alone") {
  const json record = finished_fair_game(std::nullopt, std::nullopt, std::nullopt);
  CHECK(prove_deal(record).verdict == DealVerdict::kServerAlone);
}

TEST_CASE("the proof reads records as JSON lines, one object, or a result frame") {
  const json record = finished_fair_game(filled(1), filled(2), filled(3));
  std::ostringstream lines;
  lines << record["header"].dump() << "\n";
  for (const json& m : record["moves"]) lines << m.dump() << "\n";
  lines << record["trailer"].dump() << "\n";
  for (const std::string& text : {lines.str(), record.dump(), json{{"type", "result"}, {"data", record}}.dump()}) {
    std::istringstream in(text);
    const auto read = read_records(in);
    REQUIRE(read);
    REQUIRE(read->size() == 1);
    CHECK(prove_deal(read->front()).verdict == DealVerdict::kProven);
  }
  std::istringstream cut(record["header"].dump() + "\n");
  CHECK_FALSE(read_records(cut));
}

TEST_CASE("an imported record keeps its deal, and a record whose deal does not give its seed is refused") {
  json record = finished_fair_game(filled(7), std::nullopt, filled(9));
  auto import = [](const json& r) {
    test::TempDir dir;
    Database file{dir.file("target.sqlite"), DatabaseOptions{false}};
    file.migrate();
    SqliteRecords db{file};
    std::ostringstream text;
    text << r["header"].dump() << "\n";
    for (const json& m : r["moves"]) text << m.dump() << "\n";
    text << r["trailer"].dump() << "\n";
    std::istringstream in(text.str());
    Transaction transaction(file);
    auto imported = import_records(db, in, 1800000000, "test");
    transaction.commit();
    std::optional<json> again;
    if (imported) {
      const auto id = imported->front().table;
      again = record_of(*db.load_table(id), db.load_moves(id))->to_json();
    }
    return again;
  };
  const auto again = import(record);
  REQUIRE(again);
  CHECK((*again)["header"]["deal"] == record["header"]["deal"]);
  contribution_of(record, 1) = protocol::to_hex(filled(8));
  CHECK_FALSE(import(record));
}
