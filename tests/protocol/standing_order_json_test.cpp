// Standing orders on the wire and in the store: one JSON form, read back as written.
#include "protocol/standing_order_json.hpp"

#include <doctest/doctest.h>

#include <vector>

using namespace sp::engine;
using nlohmann::json;
using sp::protocol::decode_order_wish;
using sp::protocol::decode_orders;
using sp::protocol::encode_order;
using sp::protocol::encode_order_wish;
using sp::protocol::encode_orders;
using sp::protocol::OrderWish;

namespace {

CardId card(std::string_view id) { return *find_card(id); }

std::vector<OrderWish> every_kind_of_order() {
  return {
      {PassUntilPhaseEndOrder{}, Expiry::kPhaseEnd},
      {PassUntilBoardChangesOrder{}, Expiry::kUntilCancelled},
      {BuyOrder{card("carpenter_workshop"), 4, std::nullopt, true}, Expiry::kRoundEnd},
      {BuyOrder{AnyOfColor{Color::kOrange}, 12, card("author"), false}, Expiry::kPhaseEnd},
      {TakeOrder{AnyOfDeck{Deck::kTrading}, true}, Expiry::kPhaseEnd},
      {PlayOrder{card("market"), 3, std::nullopt, std::nullopt}, Expiry::kPhaseEnd},
      {PickpocketAnswer{true}, Expiry::kUntilCancelled},
      {DrawnCardAnswer{DrawnCardChoice::kBuy, CardMatch{AnyOfDeck{Deck::kBuilding}}, 6, std::nullopt}, Expiry::kRoundEnd},
      {DrawnCardAnswer{DrawnCardChoice::kDiscard, std::nullopt, 0, std::nullopt}, Expiry::kPhaseEnd},
      {PubAnswer{2}, Expiry::kPhaseEnd},
      {DiscardPickAnswer{PickChoice::kTake, CardMatch{card("lumberjack")}, 0, std::nullopt}, Expiry::kPhaseEnd},
      {DiscardPickAnswer{PickChoice::kGiveUp, std::nullopt, 0, std::nullopt}, Expiry::kPhaseEnd},
  };
}

}  // namespace

TEST_CASE("every kind of order a player writes reads back as written") {
  for (const OrderWish& wish : every_kind_of_order()) {
    const json encoded = encode_order_wish(wish);
    CAPTURE(encoded.dump());
    const auto decoded = decode_order_wish(encoded, "orders[0]");
    REQUIRE(decoded);
    CHECK(*decoded == wish);
  }
}

TEST_CASE("a written order keeps its round, phase and board through the store") {
  std::vector<StandingOrder> orders;
  for (const OrderWish& wish : every_kind_of_order()) orders.push_back(StandingOrder{wish.rule, wish.expiry, 3, Phase::kAristocrat});
  // Every bit of the fingerprint survives, the top one included (JavaScript numbers would lose it).
  std::get<PassUntilBoardChangesOrder>(orders[1].rule).board.value = 0xfedcba9876543210ULL;
  const json stored = json::parse(encode_orders(orders).dump());
  CHECK(stored[1].at("board") == "fedcba9876543210");
  const auto read = decode_orders(stored);
  REQUIRE(read);
  CHECK(*read == orders);
}

TEST_CASE("an order left without an expiry lapses at the end of its phase") {
  const auto decoded = decode_order_wish(json{{"order", "pass_until_phase_end"}}, "orders[0]");
  REQUIRE(decoded);
  CHECK(decoded->expiry == Expiry::kPhaseEnd);
}

TEST_CASE("a malformed order is refused naming the field") {
  struct Case {
    json order;
    std::string code;
    std::string message;
  };
  const std::vector<Case> cases{
      {json::array(), "bad_order", "orders[2]: an order object is required"},
      {json{{"order", "steal"}}, "bad_order", "orders[2].order: must be one of"},
      {json{{"order", "buy"}, {"card", "market"}}, "bad_order", "orders[2].max_price: this field is required"},
      {json{{"order", "buy"}, {"card", "dragon"}, {"max_price", 3}}, "unknown_card", "there is no card called"},
      {json{{"order", "buy"}, {"card", {{"color", "pink"}}}, {"max_price", 3}}, "bad_order", "orders[2].card: a card id"},
      {json{{"order", "buy"}, {"card", "market"}, {"max_price", -1}}, "bad_order", "max_price: a whole number from 0"},
      {json{{"order", "pub"}, {"points", 101}}, "bad_order", "points: a whole number from 0 to 100"},
      {json{{"order", "drawn_card"}, {"choice", "keep"}}, "bad_order", "choice: must be one of buy, take, discard"},
      {json{{"order", "pass_until_phase_end"}, {"expiry", "never"}}, "bad_order", "expiry: must be one of"},
      // The anchor is the server's to write.
      {json{{"order", "pass_until_phase_end"}, {"round", 3}}, "bad_order", "orders[2].round: an order has no such field"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.order.dump());
    const auto decoded = decode_order_wish(c.order, "orders[2]");
    REQUIRE_FALSE(decoded);
    CHECK(decoded.error().code == c.code);
    CHECK(decoded.error().message.find(c.message) != std::string::npos);
  }
}

TEST_CASE("a stored board that is not 16 hex digits is refused, not read as another board") {
  json stored = encode_orders(std::vector<StandingOrder>{
      StandingOrder{PassUntilBoardChangesOrder{BoardFingerprint{42}}, Expiry::kPhaseEnd, 1, Phase::kWorker}});
  stored[0]["board"] = "42";
  CHECK_FALSE(decode_orders(stored));
}
