#include "engine/pricing.hpp"

#include <doctest/doctest.h>

#include "tests/support/game_builder.hpp"

using namespace sp::engine;
using sp::test::card;

namespace {

PlayerState owning(std::initializer_list<std::string_view> ids) {
  PlayerState player;
  for (std::string_view id : ids) player.tableau.push_back(TableauCard{card(id)});
  return player;
}

}  // namespace

TEST_CASE("the theater costs 20, 19 from the lower row, 17 with a theater and the carpenter workshop") {
  CHECK(price(owning({}), {card("theater"), false, {}}) == 20);
  CHECK(price(owning({}), {card("theater"), true, {}}) == 19);
  CHECK(price(owning({"theater", "carpenter_workshop"}), {card("theater"), true, {}}) == 17);
}

TEST_CASE("each identical card already owned takes a ruble off: lumberjacks cost 3, 2, 1, 1") {
  PlayerState player;
  std::vector<int> paid;
  for (int i = 0; i < 4; ++i) {
    paid.push_back(price(player, {card("lumberjack"), false, {}}));
    player.tableau.push_back(TableauCard{card("lumberjack")});
  }
  CHECK(paid == std::vector<int>{3, 2, 1, 1});
}

TEST_CASE("a market costs 3 to a player with two markets") {
  CHECK(price(owning({"market", "market"}), {card("market"), false, {}}) == 3);
}

TEST_CASE("St Isaac's Cathedral over a market, from the lower row with the carpenter workshop, costs 8") {
  const PlayerState player = owning({"market", "carpenter_workshop"});
  CHECK(price(player, {card("st_isaacs_cathedral"), false, card("market")}) == 9);
  CHECK(price(player, {card("st_isaacs_cathedral"), true, card("market")}) == 8);
}

TEST_CASE("a green trading card costs the difference to the worker it displaces: 1, 2, 3, 4, 5") {
  CHECK(price(owning({"lumberjack"}), {card("carpenter_workshop"), false, card("lumberjack")}) == 1);
  CHECK(price(owning({"gold_miner"}), {card("gold_smelter"), false, card("gold_miner")}) == 2);
  CHECK(price(owning({"shepherd"}), {card("weaving_mill"), false, card("shepherd")}) == 3);
  CHECK(price(owning({"fur_trapper"}), {card("fur_shop"), false, card("fur_trapper")}) == 4);
  CHECK(price(owning({"ship_builder"}), {card("wharf"), false, card("ship_builder")}) == 5);
}

TEST_CASE("a trading card that is not dearer than the card it displaces costs 1 ruble") {
  CHECK(price(owning({"secretary"}), {card("senator"), false, card("secretary")}) == 1);
}

TEST_CASE("a Potjomkin's Village is worth 6 rubles when displaced") {
  CHECK(price(owning({"potjomkins_village"}), {card("bank"), false, card("potjomkins_village")}) == 7);
}

TEST_CASE("the gold smelter takes a ruble off orange cards, orange trading cards too") {
  const PlayerState player = owning({"gold_smelter", "author"});
  CHECK(price(player, {card("administrator"), false, {}}) == 6);
  CHECK(price(player, {card("senator"), false, card("author")}) == 7);
  CHECK(price(player, {card("market"), false, {}}) == 5);
}

TEST_CASE("a player always pays at least 1 ruble") {
  CHECK(price(owning({"lumberjack", "lumberjack", "lumberjack"}), {card("lumberjack"), true, {}}) == 1);
}
