// A table's chat read back a page at a time (chat_page) from a real SQLite
// file and a real PostgreSQL database: oldest first within a page, older pages through `before`, and `more`
// saying whether older lines remain.
#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/store/open_backend.hpp"
#include "tests/support/each_backend.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace sp::server;

constexpr std::int64_t kNow = 1'763'716'000;

// Two players at a table, and a second table with the same players.
struct ChatTables {
  sp::test::TempDir dir;
  std::unique_ptr<StoreBackend> backend = open_migrated_backend(sp::test::each_backend(dir), false);
  Records& db = backend->records();
  std::int64_t ann = 0;
  std::int64_t bob = 0;
  std::int64_t table = 0;
  std::int64_t other_table = 0;

  ChatTables() {
    ann = db.insert_user("ann", "!", kNow);
    bob = db.insert_user("bob", "!", kNow);
    table = new_table("ann's table");
    other_table = new_table("ann's other table");
  }

  std::int64_t new_table(const std::string& name) {
    TableRecord record;
    record.name = name;
    record.creator_id = ann;
    record.status = TableStatus::kPlaying;
    record.player_count = 2;
    record.options_json = "{}";
    record.card_set_version = "test";
    const std::int64_t id = db.insert_table(record, kNow);
    db.insert_seat(id, 0, ann);
    db.insert_seat(id, 1, bob);
    return id;
  }

  // Ann and Bob take turns saying "line 1" ... "line <count>", a second apart.
  std::vector<std::int64_t> say_lines(int count) {
    std::vector<std::int64_t> ids;
    for (int i = 1; i <= count; ++i) {
      ids.push_back(db.insert_chat(table, i % 2 == 1 ? ann : bob, "line " + std::to_string(i), kNow + i));
    }
    return ids;
  }
};

std::vector<std::string> texts(const ChatPage& page) {
  std::vector<std::string> out;
  for (const ChatLine& line : page.lines) out.push_back(line.text);
  return out;
}

}  // namespace

TEST_CASE("the newest page holds the newest lines, oldest first, with the speaker's name and time") {
  ChatTables t;
  const auto ids = t.say_lines(5);
  const ChatPage page = t.db.chat_page(t.table, std::nullopt, 3);
  CHECK(texts(page) == std::vector<std::string>{"line 3", "line 4", "line 5"});
  REQUIRE(page.lines.size() == 3);
  CHECK(page.lines[0].id == ids[2]);
  CHECK(page.lines[0].from == "ann");
  CHECK(page.lines[1].from == "bob");
  CHECK(page.lines[2].at == kNow + 5);
}

TEST_CASE("more is true while older lines remain, and false on the page that holds the first line") {
  ChatTables t;
  t.say_lines(4);
  CHECK(t.db.chat_page(t.table, std::nullopt, 3).more);
  CHECK_FALSE(t.db.chat_page(t.table, std::nullopt, 4).more);
  CHECK_FALSE(t.db.chat_page(t.table, std::nullopt, 10).more);
}

TEST_CASE("before reads the lines said before that line, and paging back reads every line once") {
  ChatTables t;
  const auto ids = t.say_lines(7);
  const ChatPage older = t.db.chat_page(t.table, ids[4], 2);
  CHECK(texts(older) == std::vector<std::string>{"line 3", "line 4"});
  CHECK(older.more);

  std::vector<std::string> all;
  std::optional<std::int64_t> before;
  ChatPage page;
  do {
    page = t.db.chat_page(t.table, before, 3);
    REQUIRE_FALSE(page.lines.empty());
    const auto said = texts(page);
    all.insert(all.begin(), said.begin(), said.end());
    before = page.lines.front().id;
  } while (page.more);
  CHECK(all == std::vector<std::string>{"line 1", "line 2", "line 3", "line 4", "line 5", "line 6", "line 7"});
}

TEST_CASE("a table's chat holds only the lines said at that table") {
  ChatTables t;
  t.say_lines(2);
  t.db.insert_chat(t.other_table, t.bob, "elsewhere", kNow);
  CHECK(texts(t.db.chat_page(t.table, std::nullopt, 50)) == std::vector<std::string>{"line 1", "line 2"});
  CHECK(texts(t.db.chat_page(t.other_table, std::nullopt, 50)) == std::vector<std::string>{"elsewhere"});
}

TEST_CASE("a table where nothing was said reads as an empty page with nothing more") {
  ChatTables t;
  const ChatPage page = t.db.chat_page(t.table, std::nullopt, 50);
  CHECK(page.lines.empty());
  CHECK_FALSE(page.more);
}
