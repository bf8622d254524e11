// The table_update push and its move entry, written by one encoder.
#include "protocol/table_update.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/random_game.hpp"
#include "engine/rules.hpp"
#include "engine/setup.hpp"
#include "protocol/engine_json.hpp"

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
  const std::string body = encode_update_body(R"({"round":1})", json::array({json{{"move_number", 4}}}).dump());
  const json update = json::parse(encode_table_update(12, 4, 1700000000, body, json::array({json{{"type", "pass"}}}).dump(),
                                                    R"([{"card":"market","from":"upper","price":5}])"));
  CHECK(update.at("type") == "table_update");
  CHECK(update.at("prices").at(0).at("price") == 5);
  CHECK(update.at("table") == 12);
  CHECK(update.at("move_number") == 4);
  CHECK(update.at("deadline_at") == 1700000000);
  CHECK(update.at("view").at("round") == 1);
  CHECK(update.at("moves")[0].at("move_number") == 4);
  CHECK(update.at("legal_actions")[0].at("type") == "pass");
  CHECK(json::parse(encode_table_update(12, 4, std::nullopt, body, "[]", "[]")).at("deadline_at").is_null());
}

TEST_CASE("a compact table_update carries view_changes, and its prices only when given") {
  const std::string body = sp::protocol::encode_compact_update_body(R"({"players":[],"round":2})", "[]");
  const json update = json::parse(encode_table_update(12, 5, std::nullopt, body, "[]", std::nullopt));
  CHECK_FALSE(update.contains("view"));
  CHECK(update.at("view_changes").at("round") == 2);
  CHECK_FALSE(update.contains("prices"));
  CHECK(json::parse(encode_table_update(12, 5, std::nullopt, body, "[]", "[]")).at("prices") == json::array());
}

TEST_CASE("a seat's prices written as text parse to encode_card_price's, after every move of random games") {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    GameSetup setup;
    setup.player_count = 4;
    setup.seed = seed;
    setup.options.expansions = Expansions{true, true};
    GameState played = *new_game(setup);
    RandomPlayer player(seed);
    RandomGameStats stats;
    std::vector<LoggedAction> log;
    REQUIRE(play_randomly(played, player, stats, &log));
    GameState state = *new_game(setup);
    int checked = 0;
    for (const LoggedAction& logged : log) {
      for (std::uint8_t s = 0; s < setup.player_count; ++s) {
        const std::vector<CardPrice> prices = card_prices(state, Seat{s});
        json expected = json::array();
        for (const CardPrice& price : prices) expected.push_back(sp::protocol::encode_card_price(price));
        REQUIRE(json::parse(sp::protocol::encode_prices_text(prices)) == expected);
        checked += static_cast<int>(prices.size());
      }
      REQUIRE(apply_in_place(state, logged.seat, logged.action, nullptr));
    }
    CHECK(checked > 100);
  }
}

TEST_CASE("a move's events are seen alike unless a drawn card is hidden from someone") {
  TableOptions hidden;
  hidden.public_hands = false;
  const Events passes{Passed{Seat{1}, PassKind::kChosen, false}};
  const Events drew{ObservatoryUsed{Seat{0}, Deck::kBuilding, card("theater")}};
  CHECK(sp::protocol::events_seen_alike(passes, hidden));
  CHECK_FALSE(sp::protocol::events_seen_alike(drew, hidden));
  CHECK(sp::protocol::events_seen_alike(drew, TableOptions{}));
}
