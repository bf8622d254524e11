// Moves in words: sentences name the players and cards, give the price and
// its reasons, and hide what the viewer may not see.
#include "protocol/move_words.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace sp::engine;
using sp::protocol::describe_event;
using sp::protocol::describe_price;
using sp::protocol::Speaker;

namespace {

CardId card(std::string_view id) { return *find_card(id); }

const std::vector<std::string> kNames{"Ann", "Bob"};

}  // namespace

TEST_CASE("a purchase reads as who bought which card from where for how much") {
  const Event bought = CardBought{Seat{1}, card("market"), Source::kLower, 4, std::nullopt};
  CHECK(describe_event(bought, Speaker{kNames, {}}) == "Bob bought a Market from the lower row for 4 rubles");
}

TEST_CASE("a trading card's purchase names the card it displaced") {
  const Event bought = CardBought{Seat{0}, card("st_isaacs_cathedral"), Source::kUpper, 1, card("market")};
  CHECK(describe_event(bought, Speaker{kNames, {}}) ==
        "Ann bought a St. Isaac's Cathedral from the upper row for 1 ruble, displacing a Market");
}

TEST_CASE("with hidden hands the Observatory's card is named to its drawer and the administrator only") {
  TableOptions hidden;
  hidden.public_hands = false;
  const Event drew = ObservatoryUsed{Seat{0}, Deck::kBuilding, card("theater")};
  CHECK(describe_event(drew, Speaker{kNames, hidden, Viewer::of_seat(Seat{1})}) ==
        "Ann used the Observatory and drew a card from the building stack");
  CHECK(describe_event(drew, Speaker{kNames, hidden, Viewer::of_seat(Seat{0})}) ==
        "Ann used the Observatory and drew a Theater from the building stack");
  CHECK(describe_event(drew, Speaker{kNames, hidden, Viewer::administrator()}).find("Theater") != std::string::npos);
}

TEST_CASE("the end of a round names the cards that left the lower row and those that moved down") {
  RoundEnded ended{3, 2, {}, {}};
  ended.discarded.push_back(card("market"));
  ended.discarded.push_back(card("pub"));
  ended.moved_down.push_back(card("theater"));
  CHECK(describe_event(Event{ended}, Speaker{kNames, {}}) ==
        "Round 3 ended; 2 cards left the lower row for the discard pile: Market, Pub; moved down to the lower row: Theater");
  CHECK(describe_event(Event{RoundEnded{1, 0, {}, {}}}, Speaker{kNames, {}}) == "Round 1 ended");
}

TEST_CASE("a price in words lists every term and the total") {
  PriceBreakdown p;
  p.printed_cost = 6;
  p.identical_owned = 1;
  p.lower_row = true;
  p.discounts.push_back(PriceDiscount{card("carpenter_workshop"), 1});
  p.price = 3;
  CHECK(describe_price(p) ==
        "printed cost 6, -1 for 1 identical card already owned, -1 from the lower row, -1 for the Carpenter Workshop "
        "= 3 rubles");
}

TEST_CASE("a price held at the minimum says so") {
  PriceBreakdown p;
  p.printed_cost = 3;
  p.identical_owned = 3;
  p.minimum_applied = true;
  p.price = 1;
  CHECK(describe_price(p) ==
        "printed cost 3, -3 for 3 identical cards already owned; a card always costs at least 1 ruble = 1 ruble");
}
