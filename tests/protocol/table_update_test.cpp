// The table_update push and its move entry, written by one encoder.
#include "protocol/table_update.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace sp::engine;
using nlohmann::json;
using sp::protocol::encode_move_entry;
using sp::protocol::encode_table_update;
using sp::protocol::encode_update_body;
using sp::protocol::MoveEntry;

namespace {

CardId card(std::string_view id) { return *find_card(id); }

}  // namespace

TEST_CASE("a move entry names the move, its seat, who chose it, the action and its events") {
  const LoggedAction logged{Seat{1}, Pass{}};
  const Events events{Passed{Seat{1}, PassKind::kChosen, false}};
  const json entry = encode_move_entry(MoveEntry{7, logged, events, "robot"}, TableOptions{}, Viewer::spectator());
  CHECK(entry.at("move_number") == 7);
  CHECK(entry.at("seat") == 1);
  CHECK(entry.at("actor") == "robot");
  CHECK(entry.at("action").at("type") == "pass");
  REQUIRE(entry.at("events").size() == 1);
  CHECK(entry.at("events")[0].at("type") == "passed");
}

TEST_CASE("a replay's move entry has no actor") {
  const LoggedAction logged{Seat{0}, Pass{}};
  const Events events;
  const json entry = encode_move_entry(MoveEntry{1, logged, events, std::nullopt}, TableOptions{}, Viewer::spectator());
  CHECK_FALSE(entry.contains("actor"));
}

TEST_CASE("a move entry hides the Observatory's card from those who may not see it") {
  TableOptions hidden;
  hidden.public_hands = false;
  const LoggedAction logged{Seat{0}, Pass{}};
  const Events events{ObservatoryUsed{Seat{0}, Deck::kBuilding, card("theater")}};
  const MoveEntry move{3, logged, events, "player"};
  CHECK(encode_move_entry(move, hidden, Viewer::of_seat(Seat{1})).at("events")[0].at("drawn").is_null());
  CHECK(encode_move_entry(move, hidden, Viewer::of_seat(Seat{0})).at("events")[0].at("drawn") == "theater");
}

TEST_CASE("a table_update is one JSON object with the table, move, deadline, view, moves and legal actions") {
  const std::string body = encode_update_body(R"({"round":1})", json::array({json{{"move_number", 4}}}));
  const json update = json::parse(encode_table_update(12, 4, 1700000000, body, json::array({json{{"type", "pass"}}}),
                                                    json::array({json{{"card", "market"}, {"from", "upper"}, {"price", 5}}})));
  CHECK(update.at("type") == "table_update");
  CHECK(update.at("prices").at(0).at("price") == 5);
  CHECK(update.at("table") == 12);
  CHECK(update.at("move_number") == 4);
  CHECK(update.at("deadline_at") == 1700000000);
  CHECK(update.at("view").at("round") == 1);
  CHECK(update.at("moves")[0].at("move_number") == 4);
  CHECK(update.at("legal_actions")[0].at("type") == "pass");
  CHECK(json::parse(encode_table_update(12, 4, std::nullopt, body, json::array(), json::array())).at("deadline_at").is_null());
}
