// A seat's prices for the cards in view, whoever is to act.
#include "engine/card_prices.hpp"

#include <doctest/doctest.h>

#include <algorithm>

#include "engine/legal_actions.hpp"
#include "engine/pricing.hpp"
#include "tests/support/game_builder.hpp"

using namespace sp::engine;
using sp::test::card;
using sp::test::four_players;

namespace {

std::optional<int> price_of(const std::vector<CardPrice>& prices, std::string_view id, Source from) {
  const auto it = std::find_if(prices.begin(), prices.end(),
                               [&](const CardPrice& p) { return p.card == card(id) && p.from == from; });
  if (it == prices.end()) return std::nullopt;
  return it->price;
}

}  // namespace

TEST_CASE("a seat not to act gets its prices for the cards in the rows, its own discounts applied") {
  GameState state = four_players().build();
  REQUIRE(state.current == sp::test::seat(0));
  sp::test::give_tableau(state, 1, {"lumberjack"});
  const std::vector<CardPrice> prices = card_prices(state, sp::test::seat(1));
  CHECK(legal_actions(state, sp::test::seat(1)).empty());
  // Lumberjack costs 3; seat 1 owns one, so 2; seat 2 owns none.
  CHECK(price_of(prices, "lumberjack", Source::kUpper) == 2);
  CHECK(price_of(card_prices(state, sp::test::seat(2)), "lumberjack", Source::kUpper) == 3);
  // Identical cards in a row are listed once.
  CHECK(std::count_if(prices.begin(), prices.end(), [](const CardPrice& p) { return p.card == card("lumberjack"); }) == 1);
  for (const CardPrice& p : prices) {
    CHECK(p.price == price(state.player(sp::test::seat(1)), PriceQuery{p.card, p.from == Source::kLower, p.displace}));
  }
}

TEST_CASE("a trading card in the hand is priced once per card of the tableau it may displace") {
  GameState state = four_players().build();
  sp::test::give_tableau(state, 2, {"lumberjack", "gold_miner"});
  sp::test::give_hand(state, 2, {"carpenter_workshop"});
  const std::vector<CardPrice> prices = card_prices(state, sp::test::seat(2));
  std::vector<CardPrice> trader;
  std::copy_if(prices.begin(), prices.end(), std::back_inserter(trader), [](const CardPrice& p) { return p.card == card("carpenter_workshop"); });
  REQUIRE(trader.size() == 1);
  CHECK(trader[0].from == Source::kHand);
  CHECK(trader[0].displace == card("lumberjack"));
  CHECK(card_prices(state, Seat{9}).empty());
}
