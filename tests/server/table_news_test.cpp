#include "server/store/pg/table_news_payload.hpp"

#include <doctest/doctest.h>

#include <string>

// A write's news (docs/scaling.md, "Table news") is read from the JSON the
// database builds in spb_table_news; anything else is not news, and the
// follower reads the table instead.
TEST_CASE("a table's news carries its moves, status and clocks" * doctest::test_suite("nodes")) {
  using namespace sp::server;
  const auto news = parse_table_news(
      R"({"table":7,"status":"playing","deadline_at":1800000000,"deadline_left":null,"clock_seat":1,)"
      R"("clock_since":1799990000,"seats":[[0,"human",0,3600],[1,"robot",2,null]],)"
      R"("moves":[[12,1,"{\"type\":\"pass\"}","ab12",1799990000,"timeout"]]})");
  REQUIRE(news);
  CHECK(news->table == 7);
  CHECK(news->status == TableStatus::kPlaying);
  CHECK(news->deadline_at == 1800000000);
  CHECK_FALSE(news->deadline_left);
  CHECK(news->clock_seat == 1);
  CHECK(news->clock_since == 1799990000);
  REQUIRE(news->seats.size() == 2);
  CHECK(news->seats[0].clock_left == 3600);
  CHECK(news->seats[1].controller == SeatController::kRobot);
  CHECK(news->seats[1].timeouts == 2);
  CHECK_FALSE(news->seats[1].clock_left);
  REQUIRE(news->moves.size() == 1);
  CHECK(news->moves[0].move_number == 12);
  CHECK(news->moves[0].seat == 1);
  CHECK(news->moves[0].action_json == R"({"type":"pass"})");
  CHECK(news->moves[0].state_hash == "ab12");
  CHECK(news->moves[0].actor == Actor::kTimeout);
}

TEST_CASE("a table's id alone, or a payload of another shape, is not news: the table is read" *
          doctest::test_suite("nodes")) {
  using namespace sp::server;
  CHECK_FALSE(parse_table_news("7"));
  CHECK_FALSE(parse_table_news("{not json"));
  CHECK_FALSE(parse_table_news(R"({"table":7})"));
  CHECK_FALSE(parse_table_news(R"({"table":7,"status":"dancing","seats":[],"moves":[]})"));
  CHECK_FALSE(parse_table_news(R"({"table":7,"status":"playing","seats":[[0,"human"]],"moves":[]})"));
}

TEST_CASE("a read of a table gives the same news as its write's notification" * doctest::test_suite("nodes")) {
  using namespace sp::server;
  TableRecord table;
  table.id = 3;
  table.status = TableStatus::kFinished;
  table.deadline_left = 90;
  table.seats.resize(2);
  table.seats[1].seat = 1;
  table.seats[1].controller = SeatController::kAbsent;
  table.seats[1].timeouts = 3;
  const TableNews news = news_of(table, {MoveRecord{5, 1, "{}", "ff", 10, Actor::kAbsent}});
  CHECK(news.table == 3);
  CHECK(news.status == TableStatus::kFinished);
  CHECK(news.deadline_left == 90);
  REQUIRE(news.seats.size() == 2);
  CHECK(news.seats[1].controller == SeatController::kAbsent);
  CHECK(news.seats[1].timeouts == 3);
  REQUIRE(news.moves.size() == 1);
  CHECK(news.moves[0].move_number == 5);
}
