// A game record's one encoder (protocol/game_record.hpp): the same bytes as
// lines and as table_record's data.
#include "protocol/game_record.hpp"

#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "engine/setup.hpp"
#include "protocol/engine_json.hpp"

using namespace sp;
using nlohmann::json;

namespace {

protocol::GameRecord small_record() {
  protocol::GameRecord record;
  record.header.table = 7;
  record.header.name = "Ann's table";
  record.header.status = "playing";
  record.header.creator = "ann";
  record.header.created_at = 100;
  record.header.players = 2;
  record.header.seats = {{0, "ann"}, {1, "bob"}};
  record.header.seed = 18446744073709551615ULL;
  record.header.card_set_version = "2";
  const engine::Events events{engine::Passed{engine::Seat{0}, engine::PassKind::kChosen, false}};
  record.moves.push_back(protocol::RecordMove{1, 0, engine::LoggedAction{engine::Seat{0}, engine::Pass{}}, events, "ab", 160, "timeout"});
  record.trailer = protocol::RecordTrailer{1, "playing", "ab", std::nullopt, {"ann", "bob"}};
  return record;
}

}  // namespace

TEST_CASE("a record's header, moves and trailer, as lines and as one object") {
  const protocol::GameRecord record = small_record();
  const std::string options = protocol::encode_options(engine::TableOptions{}).dump();
  const std::string header =
      R"({"card_set_version":"2","format":"spb-record","options":)" + options +
      R"(,"players":2,"rules_version":1,"seats":[{"name":"ann","seat":0},{"name":"bob","seat":1}],)"
      R"("seed":"18446744073709551615","table":{"created_at":100,"creator":"ann","id":7,"name":"Ann's table",)"
      R"("status":"playing"},"version":1})";
  const std::string move = R"({"action":{"type":"pass"},"actor":"timeout","at":160,"events":[)" +
                           protocol::encode_event(record.moves[0].events[0]).dump() +
                           R"(],"move_number":1,"seat":0,"state_hash":"ab"})";
  const std::string trailer = R"({"end":"spb-record","final":null,"moves":1,"state_hash":"ab","status":"playing"})";
  std::ostringstream lines;
  record.write_lines(lines);
  CHECK(lines.str() == header + "\n" + move + "\n" + trailer + "\n");
  CHECK(protocol::encode_data(record) == R"({"header":)" + header + R"(,"moves":[)" + move + R"(],"trailer":)" + trailer + "}");
}

TEST_CASE("a record's header holds its deal when it has one") {
  protocol::GameRecord record = small_record();
  CHECK_FALSE(record.to_json().at("header").contains("deal"));
  protocol::DealBytes secret{};
  secret[0] = 0xab;
  record.header.deal = protocol::PublicDeal{"spb-deal-v1", std::string(64, 'c'), {{0, std::nullopt}, {1, secret}}, secret, std::nullopt};
  CHECK(record.to_json().at("header").at("deal") == protocol::encode_deal(*record.header.deal));
}
