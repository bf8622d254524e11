// Standing orders over thousands of positions of seeded random games (every
// expansion set, 2 to 5 players, both Pub timings): whatever orders a seat
// leaves, every move they make is one of that seat's legal actions at that
// moment, of the kind the order names and at no more than its price; a seat
// not to act gets nothing; the hidden order of the stacks changes nothing.
#include <doctest/doctest.h>

#include <array>
#include <string>
#include <vector>

#include "engine/legal_actions.hpp"
#include "engine/rng.hpp"
#include "engine/rules.hpp"
#include "engine/setup.hpp"
#include "engine/standing_order.hpp"

#include "tests/support/game_configs.hpp"

using namespace sp::engine;

namespace {

class OrderMaker {
 public:
  explicit OrderMaker(std::uint64_t seed) : rng_(seed) {}

  // An order shaped after one of the seat's legal actions (so that orders
  // often fit), with its price limit sometimes just below the price, or an
  // order of any kind with random terms.
  OrderRule make(const std::vector<LegalAction>& legal) {
    if (!legal.empty() && rng_.below(3) != 0) {
      const LegalAction& l = legal[rng_.below(legal.size())];
      if (auto rule = after(l)) return *rule;
    }
    return any();
  }

  Expiry expiry() { return static_cast<Expiry>(rng_.below(3)); }

 private:
  int limit(const LegalAction& l) { return l.price.value_or(0) + static_cast<int>(rng_.below(3)) - 1; }
  bool coin() { return rng_.below(2) == 0; }
  CardId any_card() { return CardId{static_cast<std::uint8_t>(rng_.below(static_cast<std::uint64_t>(card_count())))}; }
  template <typename T>
  std::optional<T> maybe(const std::optional<T>& value) {
    return coin() ? value : std::nullopt;
  }

  CardMatch match(CardId card) {
    switch (rng_.below(3)) {
      case 0: return AnyOfColor{spec(card).color};
      case 1: return AnyOfDeck{spec(card).deck};
      default: return card;
    }
  }

  std::optional<OrderRule> after(const LegalAction& l) {
    if (const Buy* buy = std::get_if<Buy>(&l.action)) {
      switch (buy->from) {
        case Source::kDrawn:
          return DrawnCardAnswer{DrawnCardChoice::kBuy, match(buy->card), limit(l), maybe(buy->displace)};
        case Source::kDiscard:
          return DiscardPickAnswer{PickChoice::kBuy, match(buy->card), limit(l), maybe(buy->displace)};
        default: return BuyOrder{match(buy->card), limit(l), maybe(buy->displace), coin()};
      }
    }
    if (const Take* take = std::get_if<Take>(&l.action)) {
      switch (take->from) {
        case Source::kDrawn: return DrawnCardAnswer{DrawnCardChoice::kTake, match(take->card), 0, {}};
        case Source::kDiscard: return DiscardPickAnswer{PickChoice::kTake, match(take->card), 0, {}};
        default: return TakeOrder{match(take->card), coin()};
      }
    }
    if (const Play* play = std::get_if<Play>(&l.action)) {
      if (spec(play->card).ability == Ability::kPickpocket) return PickpocketAnswer{true};
      return PlayOrder{play->card, limit(l), maybe(play->displace), maybe(play->target)};
    }
    if (const Pass* pass = std::get_if<Pass>(&l.action)) {
      if (pass->until_phase_end) return PassUntilPhaseEndOrder{};
      switch (rng_.below(3)) {
        case 0: return PickpocketAnswer{false};
        case 1: return PubAnswer{0};
        default: return PassUntilBoardChangesOrder{};
      }
    }
    if (const Discard* discard = std::get_if<Discard>(&l.action)) {
      if (discard->from == Source::kDrawn) return DrawnCardAnswer{DrawnCardChoice::kDiscard, {}, 0, {}};
      if (discard->from == Source::kDiscard) return DiscardPickAnswer{PickChoice::kGiveUp, {}, 0, {}};
    }
    if (const BuyPoints* points = std::get_if<BuyPoints>(&l.action)) {
      return PubAnswer{points->points + static_cast<int>(rng_.below(3)) - 1};
    }
    return std::nullopt;
  }

  OrderRule any() {
    const CardId card = any_card();
    const int price = static_cast<int>(rng_.below(16));
    const std::optional<CardId> other = coin() ? std::optional<CardId>{any_card()} : std::nullopt;
    switch (rng_.below(9)) {
      case 0: return PassUntilPhaseEndOrder{};
      case 1: return PassUntilBoardChangesOrder{};
      case 2: return BuyOrder{match(card), price, other, coin()};
      case 3: return TakeOrder{match(card), coin()};
      case 4: return PlayOrder{card, price, other, maybe(std::optional<CardId>{any_card()})};
      case 5: return PickpocketAnswer{coin()};
      case 6: return DrawnCardAnswer{static_cast<DrawnCardChoice>(rng_.below(3)), match(card), price, other};
      case 7: return PubAnswer{static_cast<int>(rng_.below(8))};
      default: return DiscardPickAnswer{static_cast<PickChoice>(rng_.below(3)), match(card), price, other};
    }
  }

  Rng rng_;
};

bool from_row(Source from) { return from == Source::kUpper || from == Source::kLower; }

// What is wrong with `move`, made by `order` for the seat to act, or "".
std::string check_move(const StandingOrder& order, const Action& move, const std::vector<LegalAction>& legal) {
  const LegalAction* listed = nullptr;
  for (const LegalAction& l : legal) {
    if (l.action == move) listed = &l;
  }
  if (listed == nullptr) return "the move is not a legal action";
  const int price = listed->price.value_or(0);
  const Buy* buy = std::get_if<Buy>(&move);
  const Take* take = std::get_if<Take>(&move);
  const Play* play = std::get_if<Play>(&move);
  const Pass* pass = std::get_if<Pass>(&move);
  const Discard* discard = std::get_if<Discard>(&move);
  const BuyPoints* points = std::get_if<BuyPoints>(&move);
  bool fits = false;
  bool within_price = true;
  std::visit(
      [&](const auto& rule) {
        using Rule = std::decay_t<decltype(rule)>;
        if constexpr (std::is_same_v<Rule, PassUntilPhaseEndOrder>) {
          fits = pass != nullptr && pass->until_phase_end;
        } else if constexpr (std::is_same_v<Rule, PassUntilBoardChangesOrder>) {
          fits = pass != nullptr && !pass->until_phase_end;
        } else if constexpr (std::is_same_v<Rule, BuyOrder>) {
          fits = buy != nullptr && from_row(buy->from) && matches(rule.card, buy->card);
          within_price = price <= rule.max_price;
        } else if constexpr (std::is_same_v<Rule, TakeOrder>) {
          fits = take != nullptr && from_row(take->from) && matches(rule.card, take->card);
        } else if constexpr (std::is_same_v<Rule, PlayOrder>) {
          fits = play != nullptr && play->card == rule.card;
          within_price = price <= rule.max_price;
        } else if constexpr (std::is_same_v<Rule, PickpocketAnswer>) {
          fits = rule.play ? play != nullptr : pass != nullptr;
        } else if constexpr (std::is_same_v<Rule, DrawnCardAnswer>) {
          fits = (buy != nullptr && buy->from == Source::kDrawn && rule.choice == DrawnCardChoice::kBuy) ||
                 (take != nullptr && take->from == Source::kDrawn && rule.choice == DrawnCardChoice::kTake) ||
                 (discard != nullptr && discard->from == Source::kDrawn && rule.choice == DrawnCardChoice::kDiscard);
          within_price = rule.choice != DrawnCardChoice::kBuy || price <= rule.max_price;
        } else if constexpr (std::is_same_v<Rule, PubAnswer>) {
          fits = rule.points == 0 ? pass != nullptr : points != nullptr && points->points <= rule.points;
        } else {
          fits = (buy != nullptr && buy->from == Source::kDiscard && rule.choice == PickChoice::kBuy) ||
                 (take != nullptr && take->from == Source::kDiscard && rule.choice == PickChoice::kTake) ||
                 (discard != nullptr && rule.choice == PickChoice::kGiveUp);
          within_price = rule.choice != PickChoice::kBuy || price <= rule.max_price;
        }
      },
      order.rule);
  if (!fits) return "the move is not what the order names";
  if (!within_price) return "the move costs more than the order's limit";
  return "";
}

}  // namespace

TEST_CASE("every move a standing order makes is legal for its seat at that moment, and at the price written") {
  constexpr std::size_t kKinds = std::variant_size_v<OrderRule>;
  std::array<int, kKinds> made{};  // moves made, per kind of order
  std::vector<LegalAction> legal;
  for (const sp::test::GameConfig& config : sp::test::all_game_configs()) {
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
      GameSetup setup;
      setup.player_count = config.players;
      setup.options.expansions = config.expansions;
      setup.options.pub_timing = seed % 2 == 0 ? PubTiming::kAfterBuildingScoring : PubTiming::kBuildingActions;
      setup.seed = seed;
      auto state = new_game(setup);
      REQUIRE(state.has_value());
      OrderMaker maker(seed * 31);
      Rng choices(seed * 7919);
      for (int steps = 0; !state->is_finished() && steps < 5000; ++steps) {
        const Seat seat = state->current;
        legal_actions_into(*state, seat, legal);
        std::vector<StandingOrder> orders;
        for (int n = 1 + static_cast<int>(choices.below(4)); n > 0; --n) {
          if (auto order = write_order(*state, seat, maker.make(legal), maker.expiry())) orders.push_back(*order);
        }
        for (std::uint8_t other = 0; other < state->player_count; ++other) {
          if (Seat{other} == seat) continue;
          REQUIRE_FALSE(standing_order_move(*state, Seat{other}, orders).has_value());
        }
        const std::optional<OrderedMove> move = standing_order_move(*state, seat, orders);
        GameState scrambled = *state;  // the stacks' hidden order
        for (Stack& stack : scrambled.stacks) choices.shuffle(std::span<CardId>(stack.begin(), stack.size()));
        REQUIRE(standing_order_move(scrambled, seat, orders) == move);
        Action next = legal[static_cast<std::size_t>(choices.below(legal.size()))].action;
        if (move) {
          const std::string wrong = check_move(orders[move->order], move->action, legal);
          REQUIRE_MESSAGE(wrong.empty(), wrong << " (players " << config.players << ", seed " << seed << ")");
          ++made[orders[move->order].rule.index()];
          if (choices.below(2) == 0) next = move->action;
        }
        auto applied = apply_in_place(*state, seat, next, nullptr);
        REQUIRE_MESSAGE(applied.has_value(), (applied ? "" : applied.error().message));
      }
      REQUIRE(state->is_finished());
    }
  }
  for (std::size_t kind = 0; kind < kKinds; ++kind) {
    CAPTURE(kind);
    CHECK(made[kind] > 0);  // every kind of order was put to the test
  }
}
