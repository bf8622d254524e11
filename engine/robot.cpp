#include "engine/robot.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <optional>
#include <vector>

#include "engine/legal_actions.hpp"
#include "engine/pricing.hpp"
#include "engine/tableau.hpp"
#include "engine/view.hpp"

namespace sp::engine {
namespace {

constexpr double kJitter = 0.05;      // near-ties go either way, so robots differ between games
constexpr double kHandSpace = 0.5;    // what a free space in the hand is worth
constexpr double kTakeShare = 0.6;    // a card in the hand is worth part of placing it later
constexpr double kHandPenalty = 5.0;  // per card left in the hand at the end
constexpr double kRefused = -100.0;   // an action the robot never wants

struct Gain {
  double rubles = 0;
  double points = 0;
};

int count_weaving(const PlayerState& me) {
  return me.tableau.count_if([](const TableauCard& t) {
    const Symbol s = spec(t.card).symbol;
    return s == Symbol::kWool || s == Symbol::kAny;
  });
}

// What a card earns at one scoring of its colour, with the tableau as it is.
Gain scoring_gain(const PlayerState& me, CardId card) {
  const CardSpec& c = spec(card);
  Gain g{static_cast<double>(c.rubles), static_cast<double>(c.points)};
  switch (c.ability) {
    case Ability::kMariinskijRubles:
    case Ability::kCoffeeHouseRubles: g.rubles += count_color(me, Color::kOrange); break;
    case Ability::kMariinskijPoints: g.points += count_color(me, Color::kOrange); break;
    case Ability::kTextileFactory: g.points += 2 * count_weaving(me); break;
    case Ability::kTaxMan: g.rubles += count_color(me, Color::kGreen); break;
    case Ability::kMayorRubles: g.rubles += count_color(me, Color::kBlue); break;
    case Ability::kGuildHall:
      g.rubles += me.guild_hall_rubles;
      g.points += 4 - me.guild_hall_rubles;
      break;
    default: break;
  }
  return g;
}

// What the seat knows and expects, all of it read from the seat's own view.
class Outlook {
 public:
  Outlook(const TableView& v, Seat seat)
      : view(v), me(own_player(v.players[seat.value])), prices(me), phase(static_cast<int>(v.phase)) {
    rounds_after = estimate_rounds_after(v);
    phases_left = 4 * rounds_after + (4 - phase);
    ruble_now = ruble_worth(phases_left);
    for (const TableauCard& t : me.tableau) income += scoring_gain(me, t.card).rubles;
  }

  const TableView& view;
  PlayerState me;  // own money, hand and tableau: a view shows them to their owner
  PriceList prices;
  int phase;             // 0 worker .. 3 trading
  int rounds_after = 0;  // estimated rounds after this one
  int phases_left = 0;   // this one included
  double ruble_now = 0;  // points a ruble is worth now
  double income = 0;     // rubles the tableau earns in a round

  // Points a ruble is worth with `phases` left: early it buys income, at the
  // end it is a tenth of a point.
  static double ruble_worth(int phases) { return std::clamp(0.1 + 0.08 * (phases - 1), 0.1, 2.2); }

 private:
  static PlayerState own_player(const PlayerView& view) {
    PlayerState me;
    me.rubles = view.rubles.value_or(0);
    for (CardId card : view.hand.value_or(std::vector<CardId>{})) me.hand.push_back(card);
    for (const TableauCard& card : view.tableau) me.tableau.push_back(card);
    me.guild_hall_rubles = static_cast<std::uint8_t>(view.guild_hall_rubles);
    return me;
  }

  // The round in which a fill empties a stack is the last. Measured over robot
  // games of 2 to 5 players, a round takes about 3.5 cards from a stack.
  static int estimate_rounds_after(const TableView& view) {
    if (view.last_round) return 0;
    int rounds = INT_MAX;
    for (const StackView& stack : view.stacks) rounds = std::min(rounds, 2 * stack.size / 7);
    return rounds;
  }
};

// Phases from now to this round's scoring of `color` (negative once it is past);
// green scores in the worker phase, blue in the building, orange in the aristocrat.
int phases_to_scoring(const Outlook& o, Color color) { return static_cast<int>(color) - o.phase; }

// Worth of earning `g` at every scoring of `color` still to come.
double future_worth(const Outlook& o, Color color, Gain g) {
  if (color == Color::kPurple) return 0;
  double worth = 0;
  for (int round = 0; round <= o.rounds_after; ++round) {
    const int ahead = 4 * round + phases_to_scoring(o, color);
    if (ahead >= 0) worth += g.rubles * Outlook::ruble_worth(o.phases_left - ahead) + g.points;
  }
  return worth;
}

// Worth of earning `g` once more, at the next scoring of `color` (Jester, Banquet).
double next_scoring_worth(const Outlook& o, Color color, Gain g) {
  int ahead = phases_to_scoring(o, color);
  if (ahead < 0) ahead += 4;
  if (color == Color::kPurple || ahead >= o.phases_left) return 0;
  return g.rubles * Outlook::ruble_worth(o.phases_left - ahead) + g.points;
}

// Change of the final aristocrat bonus when `added` joins the tableau and
// `removed` leaves it: each aristocrat name and orange trading card is one kind.
double bonus_change(const Outlook& o, std::optional<CardId> added, std::optional<CardId> removed) {
  std::array<int, 256> copies{};
  for (const TableauCard& t : o.me.tableau) {
    if (spec(t.card).color == Color::kOrange) ++copies[t.card.value];
  }
  const auto kinds = [&] { return static_cast<int>(std::count_if(copies.begin(), copies.end(), [](int n) { return n > 0; })); };
  const bool new_society = o.view.options.expansions.new_society;
  const int before = aristocrat_bonus(kinds(), new_society);
  if (added && spec(*added).color == Color::kOrange) ++copies[added->value];
  if (removed && spec(*removed).color == Color::kOrange) --copies[removed->value];
  return aristocrat_bonus(kinds(), new_society) - before;
}

// What a card's ability adds beyond its income, roughly, per round left.
double ability_worth(const Outlook& o, CardId card) {
  const int rounds = o.rounds_after;
  switch (spec(card).ability) {
    case Ability::kWarehouse: return rounds > 0 ? 1.0 : 0.0;
    case Ability::kPub:
    case Ability::kTradingHouse:
    case Ability::kObservatory:
    case Ability::kDebtorsPrison: return 0.5 * rounds;
    case Ability::kCarpenterWorkshopDiscount:
    case Ability::kGoldSmelterDiscount:
    case Ability::kObshchinaDiscount:
    case Ability::kCzarSuperstarDiscount: return rounds * Outlook::ruble_worth(o.phases_left - 4);
    case Ability::kPotjomkinVillage: return rounds > 0 ? 0.5 : 0.0;  // a building to displace later
    default: return 0;
  }
}

double card_worth(const Outlook& o, CardId card) {
  return future_worth(o, spec(card).color, scoring_gain(o.me, card)) + ability_worth(o, card);
}

// Worth of placing `card` for `price`, a trading card displacing `displaced`.
double placement_worth(const Outlook& o, CardId card, std::optional<CardId> displaced, int price) {
  double worth = card_worth(o, card) + bonus_change(o, card, displaced) - price * o.ruble_now;
  if (displaced) worth -= card_worth(o, *displaced);
  return worth;
}

struct Placement {
  double worth = 0;
  int price = 0;
};

// The best way to place `card` from the hand (or a drawn or discarded card);
// nothing for a trading card with nothing to displace.
std::optional<Placement> best_placement(const Outlook& o, CardId card) {
  if (!spec(card).trading) {
    const int price = o.prices.price(PriceQuery{card, false, std::nullopt});
    return Placement{placement_worth(o, card, std::nullopt, price), price};
  }
  std::optional<Placement> best;
  for (const TableauCard& target : o.me.tableau) {
    if (!can_displace(card, target)) continue;
    const int price = o.prices.price(PriceQuery{card, false, target.card});
    const double worth = placement_worth(o, card, target.card, price);
    if (!best || worth > best->worth) best = Placement{worth, price};
  }
  return best;
}

// A card held may be stuck there at the end: no way to place it in time.
bool may_be_stuck(const Outlook& o, CardId card) {
  const auto placement = best_placement(o, card);
  if (!placement) return true;
  return o.rounds_after == 0 && placement->price > o.me.rubles;
}

// Jester: the card's next rubles become points and its points rubles.
double jester_worth(const Outlook& o, CardId target) {
  const Gain g = scoring_gain(o.me, target);
  return next_scoring_worth(o, spec(target).color, Gain{g.points - g.rubles, g.rubles - g.points});
}

// Banquet: the card's next scoring counts twice.
double banquet_worth(const Outlook& o, CardId target) {
  return next_scoring_worth(o, spec(target).color, scoring_gain(o.me, target));
}

double best_attachment_worth(const Outlook& o, Ability kind) {
  double best = 0;
  for (const TableauCard& t : o.me.tableau) {
    if (attachment_index(o.me, t.card, kind) < 0) continue;
    best = std::max(best, kind == Ability::kJester ? jester_worth(o, t.card) : banquet_worth(o, t.card));
  }
  return best;
}

double take_worth(const Outlook& o, CardId card);

// Worth of the best thing to do with a card one may buy or take: buy it, take
// it, or leave it.
double offer_worth(const Outlook& o, CardId card) {
  double best = 0;
  if (const auto placement = best_placement(o, card); placement && placement->price <= o.me.rubles) {
    best = std::max(best, placement->worth);
  }
  if (has_hand_room(o.me)) best = std::max(best, take_worth(o, card));
  return best;
}

// Black Market and Debtor's Prison: the best card of the discard pile.
double discard_pick_worth(const Outlook& o) {
  double best = 0;
  std::array<bool, 256> seen{};  // the pile holds many copies: each card is weighed once
  for (CardId card : o.view.discard) {
    if (seen[card.value] || spec(card).is_action_card()) continue;
    seen[card.value] = true;
    best = std::max(best, offer_worth(o, card));
  }
  return best;
}

// An action card of The Banquet in the hand, before its target is known.
double action_card_worth(const Outlook& o, CardId card) {
  switch (spec(card).ability) {
    case Ability::kGoldenDonkey: return 5 * o.ruble_now;
    case Ability::kDoubleTurn: return 2.0;
    case Ability::kJester:
    case Ability::kBanquet: return std::max(1.0, best_attachment_worth(o, spec(card).ability));
    case Ability::kBlackMarket: return 1.0;
    default: return 0.5;
  }
}

double take_worth(const Outlook& o, CardId card) {
  // Action cards cost nothing at the end; other cards cost 5 if still held.
  if (spec(card).is_action_card()) return kTakeShare * action_card_worth(o, card) - kHandSpace;
  if (o.rounds_after == 0) return -kHandPenalty;
  const auto later = best_placement(o, card);
  if (!later || later->price > o.me.rubles + o.income) return -kHandPenalty;
  return kTakeShare * later->worth - kHandSpace;
}

// The Observatory: the drawn card's expected worth (when the stacks' contents
// are known) against the point the face-down Observatory does not score.
double observatory_worth(const Outlook& o, Deck deck) {
  const StackView& stack = o.view.stacks[static_cast<int>(deck)];
  double expected = 0;
  if (stack.contents && stack.size > 0) {
    for (const CardCount& c : *stack.contents) expected += c.count * offer_worth(o, c.card);
    expected /= stack.size;
  }
  return expected - spec(card_with_ability(Ability::kObservatory)).points;
}

// Pub, Trading House, Guild Hall: free actions, taken only when clearly worth it.
double free_action_worth(double worth) { return worth > kJitter ? worth : kRefused; }

bool holds_phase_marker(const Outlook& o, Seat seat) {
  const auto& markers = o.view.players[seat.value].starting_markers;
  return std::find(markers.begin(), markers.end(), o.view.phase) != markers.end();
}

class Appraiser {
 public:
  Appraiser(const Outlook& o, Seat seat, std::optional<int> price) : o_(o), seat_(seat), price_(price.value_or(0)) {}

  double operator()(const Buy& a) const { return placement_worth(o_, a.card, a.displace, price_); }
  double operator()(const Take& a) const { return take_worth(o_, a.card); }
  double operator()(const Play& a) const {
    if (!spec(a.card).is_action_card()) {
      // Playing it also frees the hand of a card that may cost 5 at the end.
      return placement_worth(o_, a.card, a.displace, price_) + kHandPenalty / (1 + o_.rounds_after);
    }
    return action_card(a);
  }
  double operator()(const Pass& a) const { return a.until_phase_end ? -0.1 : 0.0; }
  double operator()(const CancelPassUntilPhaseEnd&) const { return kRefused; }
  double operator()(const UseObservatory& a) const { return observatory_worth(o_, a.stack); }
  double operator()(const Discard& a) const {
    if (a.from != Source::kTableau || !a.card) return 0;  // leaving a drawn card, or giving up a pick
    return bonus_change(o_, std::nullopt, a.card) - card_worth(o_, *a.card);  // a Sycophant
  }
  double operator()(const BuyPoints& a) const { return free_action_worth(a.points - 2 * a.points * o_.ruble_now); }
  double operator()(const SetGuildHall& a) const {
    const double more_rubles = a.rubles - o_.me.guild_hall_rubles;
    return free_action_worth(future_worth(o_, Color::kBlue, Gain{more_rubles, -more_rubles}));
  }
  double operator()(const UseTradingHouse&) const { return free_action_worth(2 - 3 * o_.ruble_now); }
  double operator()(const UseDebtorsPrison&) const {
    return discard_pick_worth(o_) - spec(card_with_ability(Ability::kDebtorsPrison)).points;
  }

 private:
  double action_card(const Play& a) const {
    switch (spec(a.card).ability) {
      case Ability::kPickpocket: return holds_phase_marker(o_, seat_) ? kRefused : 0.5;
      case Ability::kGoldenDonkey: return 5 * o_.ruble_now;
      case Ability::kJester: return jester_worth(o_, *a.target);
      case Ability::kBanquet: return banquet_worth(o_, *a.target);
      case Ability::kAwayWithIt: return may_be_stuck(o_, *a.target) ? kHandPenalty : -kHandSpace;
      case Ability::kBlackMarket: return discard_pick_worth(o_);
      default: return 0;  // the Double Turn: worth what its extra actions buy, set by the caller
    }
  }

  const Outlook& o_;
  Seat seat_;
  int price_;
};

bool is_double_turn(const Action& action) {
  const Play* play = std::get_if<Play>(&action);
  return play != nullptr && spec(play->card).ability == Ability::kDoubleTurn;
}

// The Double Turn is worth the two best buys now, when the money pays both.
double double_turn_worth(const std::vector<LegalAction>& actions, const std::vector<double>& worths, int rubles) {
  std::optional<std::size_t> first, second;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    if (!std::holds_alternative<Buy>(actions[i].action) || worths[i] <= 0) continue;
    if (!first || worths[i] > worths[*first]) {
      second = first;
      first = i;
    } else if (!second || worths[i] > worths[*second]) {
      second = i;
    }
  }
  if (!second || *actions[*first].price + *actions[*second].price > rubles) return 0;
  return worths[*first] + 0.5 * worths[*second];
}

}  // namespace

std::vector<double> robot_worths(const GameState& state, Seat seat, const std::vector<LegalAction>& actions) {
  const TableView view = view_for(state, Viewer::of_seat(seat));
  const Outlook outlook(view, seat);
  std::vector<double> worths;
  worths.reserve(actions.size());
  for (const LegalAction& legal : actions) {
    worths.push_back(std::visit(Appraiser(outlook, seat, legal.price), legal.action));
  }
  for (std::size_t i = 0; i < actions.size(); ++i) {
    if (is_double_turn(actions[i].action)) worths[i] = double_turn_worth(actions, worths, outlook.me.rubles);
  }
  return worths;
}

Action choose_robot_action(const GameState& state, Seat seat, Rng& rng) {
  SP_ASSERT(!state.is_finished() && state.current == seat);
  // The seat's legal actions follow from what the seat may see: its own cards
  // and money, the display, the discard pile and the stacks' sizes.
  const std::vector<LegalAction> actions = legal_actions(state, seat);
  SP_ASSERT(!actions.empty());
  const std::vector<double> worths = robot_worths(state, seat, actions);

  std::size_t best = 0;
  double best_worth = kRefused * 2;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const double worth = worths[i] + kJitter * static_cast<double>(rng.below(1024)) / 1024.0;
    if (worth > best_worth) {
      best_worth = worth;
      best = i;
    }
  }
  return actions[best].action;
}

}  // namespace sp::engine
