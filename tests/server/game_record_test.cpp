// Game records (server/admin/game_record): an exported record imported into
// another database replays to the same hash; a record of an unknown version,
// cut short, with an illegal move or another hash is refused and leaves the
// target database unchanged.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/state_hash.hpp"
#include "server/table/game_record.hpp"
#include "server/admin/verify.hpp"
#include "server/store/open_backend.hpp"
#include "server/store/sqlite/sqlite_records.hpp"
#include "tests/support/each_backend.hpp"
#include "tests/support/stored_games.hpp"
#include "tests/support/temp_dir.hpp"

using namespace sp;
using namespace sp::server;
using nlohmann::json;

namespace {

// The source is SQLite; the target each backend in turn.
struct TwoDatabases {
  test::TempDir dir;
  Database source_file{dir.file("source.sqlite"), DatabaseOptions{false}};
  SqliteRecords source{source_file};
  std::string target_location = test::each_backend(dir, "target.sqlite");
  std::unique_ptr<StoreBackend> target_backend = open_migrated_backend(target_location, false);
  Records& target = target_backend->records();
  TwoDatabases() { source_file.migrate(); }

  std::vector<std::string> exported_lines(std::int64_t table) {
    const auto record = record_of(*source.load_table(table), source.load_moves(table));
    REQUIRE(record);
    std::ostringstream out;
    record->write_lines(out);
    std::vector<std::string> lines;
    std::istringstream in(out.str());
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
  }

  Expected<std::vector<ImportedTable>, ImportError> import(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines) text += line + "\n";
    std::istringstream in(text);
    // In one transaction, as a store job runs it.
    target_backend->begin();
    auto imported = import_records(target, in, 1800000000, "test");
    target_backend->commit();
    return imported;
  }

  // Every row of the target that an import would add to.
  std::vector<std::int64_t> target_counts() {
    std::vector<std::int64_t> counts;
    for (const char* table : {"users", "game_tables", "seats", "moves", "admin_actions"}) {
      counts.push_back(test::count_rows(target_location, table));
    }
    return counts;
  }
};

}  // namespace

TEST_CASE("an exported record imported into another database replays to the same final hash") {
  TwoDatabases d;
  test::store_random_game(d.source, 4, {true, false}, 1);  // so the ids differ in the target
  const auto game = test::store_random_game(d.source, 5, {true, true}, 2);
  const auto imported = d.import(d.exported_lines(game.table));
  REQUIRE(imported);
  REQUIRE(imported->size() == 1);
  const ImportedTable& t = imported->front();
  CHECK(t.source_table == game.table);
  CHECK(t.state_hash == engine::state_hash_hex(game.live));
  CHECK(t.moves == game.moves);
  const auto check = verify_table(d.target, t.table);
  REQUIRE(check);
  CHECK_FALSE(check->divergence);
  const auto stored = d.target.load_table(t.table);
  CHECK(stored->status == TableStatus::kFinished);
  CHECK(stored->state_hash == engine::state_hash_hex(game.live));
  CHECK(stored->seats.size() == 5);
  CHECK(stored->seats[3].name == "player3");
}

TEST_CASE("a record's lines are a header, one line per move and a trailer with the final scoring") {
  TwoDatabases d;
  const auto game = test::store_random_game(d.source, 2, {}, 3);
  const auto lines = d.exported_lines(game.table);
  REQUIRE(lines.size() == static_cast<std::size_t>(game.moves) + 2);
  const json header = json::parse(lines.front());
  CHECK(header.at("format") == "spb-record");
  CHECK(header.at("version") == 1);
  CHECK(header.at("seed") == "3");
  const json move = json::parse(lines[1]);
  CHECK(move.at("move_number") == 1);
  CHECK(move.at("events").is_array());
  const json trailer = json::parse(lines.back());
  CHECK(trailer.at("moves") == game.moves);
  CHECK(trailer.at("state_hash") == engine::state_hash_hex(game.live));
  CHECK(trailer.at("final").at("ranking").size() == 2);
}

TEST_CASE("import refuses a record of an unknown format version and writes nothing") {
  TwoDatabases d;
  auto lines = d.exported_lines(test::store_random_game(d.source, 3, {}, 4).table);
  json header = json::parse(lines.front());
  header["version"] = 2;
  lines.front() = header.dump();
  const auto before = d.target_counts();
  const auto imported = d.import(lines);
  REQUIRE_FALSE(imported);
  CHECK(imported.error().line == 1);
  CHECK(imported.error().message.find("version 2 is not known") != std::string::npos);
  CHECK(d.target_counts() == before);
}

TEST_CASE("import refuses a record cut short (no trailer) and writes nothing") {
  TwoDatabases d;
  auto lines = d.exported_lines(test::store_random_game(d.source, 3, {}, 5).table);
  lines.resize(lines.size() - 10);
  const auto before = d.target_counts();
  const auto imported = d.import(lines);
  REQUIRE_FALSE(imported);
  CHECK(imported.error().message.find("cut short") != std::string::npos);
  CHECK(d.target_counts() == before);
}

TEST_CASE("import refuses a record with an illegal move, naming it, and writes nothing") {
  TwoDatabases d;
  auto lines = d.exported_lines(test::store_random_game(d.source, 3, {}, 6).table);
  json move = json::parse(lines[20]);
  move["action"] = json{{"type", "pub"}, {"points", 50}};
  move.erase("events");
  lines[20] = move.dump();
  const auto before = d.target_counts();
  const auto imported = d.import(lines);
  REQUIRE_FALSE(imported);
  CHECK(imported.error().line == 21);
  CHECK(imported.error().message.find("move 20:") != std::string::npos);
  CHECK(d.target_counts() == before);
}

TEST_CASE("import refuses a record whose state hash differs and writes nothing") {
  TwoDatabases d;
  auto lines = d.exported_lines(test::store_random_game(d.source, 3, {}, 7).table);
  json move = json::parse(lines[33]);
  move["state_hash"] = "abcdefabcdefabcd";
  lines[33] = move.dump();
  const auto before = d.target_counts();
  const auto imported = d.import(lines);
  REQUIRE_FALSE(imported);
  CHECK(imported.error().message.find("move 33:") != std::string::npos);
  CHECK(d.target_counts() == before);
}

TEST_CASE("import refuses recorded events the engine does not compute") {
  TwoDatabases d;
  auto lines = d.exported_lines(test::store_random_game(d.source, 3, {}, 8).table);
  json move = json::parse(lines[2]);
  move["events"] = json::array();
  lines[2] = move.dump();
  const auto imported = d.import(lines);
  REQUIRE_FALSE(imported);
  CHECK(imported.error().message.find("events") != std::string::npos);
}

TEST_CASE("a file of several records is imported whole or not at all") {
  TwoDatabases d;
  auto first = d.exported_lines(test::store_random_game(d.source, 2, {}, 9).table);
  auto second = d.exported_lines(test::store_random_game(d.source, 2, {}, 10).table);
  second.pop_back();
  std::vector<std::string> both = first;
  both.insert(both.end(), second.begin(), second.end());
  const auto before = d.target_counts();
  CHECK_FALSE(d.import(both));
  CHECK(d.target_counts() == before);
  second = d.exported_lines(2);
  both = first;
  both.insert(both.end(), second.begin(), second.end());
  const auto imported = d.import(both);
  REQUIRE(imported);
  CHECK(imported->size() == 2);
}

TEST_CASE("an import is written to the administrators' log") {
  TwoDatabases d;
  const auto imported = d.import(d.exported_lines(test::store_random_game(d.source, 2, {}, 11).table));
  REQUIRE(imported);
  const auto logged = d.target.list_admin_actions(std::nullopt, 10);
  REQUIRE(logged.size() == 1);
  CHECK(logged.front().who == "test");
  CHECK(logged.front().request == "import");
  CHECK(logged.front().table == imported->front().table);
}
