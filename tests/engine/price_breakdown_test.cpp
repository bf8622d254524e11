// explain_price: the terms of a price add up to what the engine charges.
#include <doctest/doctest.h>

#include "engine/legal_actions.hpp"
#include "engine/pricing.hpp"
#include "engine/random_game.hpp"
#include "engine/rules.hpp"
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

TEST_CASE("a breakdown names the printed cost, the displaced card, the lower row and the discount card") {
  const PlayerState player = owning({"market", "carpenter_workshop"});
  const PriceBreakdown b = explain_price(player, {card("st_isaacs_cathedral"), true, card("market")});
  CHECK(b.printed_cost == spec(card("st_isaacs_cathedral")).cost);
  CHECK(b.displaced == card("market"));
  CHECK(b.displaced_value == spec(card("market")).displace_value);
  CHECK(b.lower_row);
  CHECK(b.identical_owned == 0);
  REQUIRE(b.discounts.size() == 1);
  CHECK(b.discounts[0] == PriceDiscount{card("carpenter_workshop"), 1});
  CHECK_FALSE(b.minimum_applied);
  CHECK(b.price == 8);
}

TEST_CASE("a breakdown counts identical cards and says when the 1-ruble minimum applied") {
  const PriceBreakdown b = explain_price(owning({"lumberjack", "lumberjack", "lumberjack"}), {card("lumberjack"), true, {}});
  CHECK(b.identical_owned == 3);
  CHECK(b.minimum_applied);
  CHECK(b.price == 1);
}

TEST_CASE("every priced legal action of thousands of random positions costs what its breakdown says") {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    GameSetup setup;
    setup.player_count = 2 + static_cast<int>(seed % 4);
    setup.options.expansions = Expansions{seed % 2 == 0, true};
    setup.seed = seed;
    auto state = new_game(setup);
    REQUIRE(state);
    RandomPlayer player(seed * 7919);
    while (!state->is_finished()) {
      const Seat seat = seats_to_act(*state).front();
      for (const LegalAction& legal : legal_actions(*state, seat)) {
        if (!legal.price) continue;
        std::optional<PriceQuery> query;
        if (const auto* buy = std::get_if<Buy>(&legal.action)) {
          query = PriceQuery{buy->card, buy->from == Source::kLower, buy->displace};
        } else if (const auto* play = std::get_if<Play>(&legal.action); play && !spec(play->card).is_action_card()) {
          query = PriceQuery{play->card, false, play->displace};
        }
        if (!query) continue;
        CHECK(explain_price(state->player(seat), *query).price == *legal.price);
        ++checked;
      }
      REQUIRE(apply_in_place(*state, seat, player.choose(*state, seat), nullptr));
    }
  }
  CHECK(checked > 1000);
}
