// Evaluating standing orders: every move an order makes is one of the seat's
// legal actions at that moment, at a price no higher than the order's limit.
#include <array>

#include "engine/legal_actions.hpp"
#include "engine/standing_order.hpp"
#include "engine/tableau.hpp"

namespace sp::engine {
namespace {

using Legal = std::vector<LegalAction>;

int cost(const LegalAction& legal) { return legal.price.value_or(0); }

std::optional<Action> if_legal(const Legal& legal, const Action& action) {
  for (const LegalAction& l : legal) {
    if (l.action == action) return action;
  }
  return std::nullopt;
}

// The cheapest legal action that fits; of equal prices the first listed, which
// is the board's order (upper row left to right, then the lower row).
template <typename Fits>
std::optional<Action> cheapest(const Legal& legal, Fits fits) {
  const LegalAction* best = nullptr;
  for (const LegalAction& l : legal) {
    if (fits(l) && (best == nullptr || cost(l) < cost(*best))) best = &l;
  }
  if (best == nullptr) return std::nullopt;
  return best->action;
}

template <typename Fits>
std::optional<Action> first(const Legal& legal, Fits fits) {
  for (const LegalAction& l : legal) {
    if (fits(l)) return l.action;
  }
  return std::nullopt;
}

// How many different cards of the tableau `card` could displace now.
int displacement_choices(const PlayerState& player, CardId card) {
  std::array<bool, 256> seen{};
  int choices = 0;
  for (const TableauCard& owned : player.tableau) {
    if (seen[owned.card.value] || !can_displace(card, owned)) continue;
    seen[owned.card.value] = true;
    ++choices;
  }
  return choices;
}

// A displacement the order named, or none named and no choice to make.
bool displacement_fits(const PlayerState& player, CardId card, const std::optional<CardId>& written,
                       const std::optional<CardId>& displaced) {
  if (written) return displaced == written;
  return !displaced || displacement_choices(player, card) == 1;
}

bool from_row(Source from) { return from == Source::kUpper || from == Source::kLower; }

class Evaluator {
 public:
  Evaluator(const GameState& state, Seat seat)
      : state_(state), seat_(seat), player_(state.player(seat)), legal_(legal_actions(state, seat)) {}

  std::optional<Action> operator()(const PassUntilPhaseEndOrder&) const {
    if (state_.step != Step::kActions) return std::nullopt;
    return if_legal(legal_, Pass{true});
  }

  std::optional<Action> operator()(const PassUntilBoardChangesOrder& order) const {
    if (state_.step != Step::kActions || order.board != board_fingerprint(state_, seat_)) return std::nullopt;
    return if_legal(legal_, Pass{false});
  }

  std::optional<Action> operator()(const BuyOrder& order) const {
    if (state_.step != Step::kActions) return std::nullopt;
    return cheapest(legal_, [&](const LegalAction& l) {
      const Buy* buy = std::get_if<Buy>(&l.action);
      return buy != nullptr && from_row(buy->from) && matches(order.card, buy->card) &&
             cost(l) <= order.max_price && displacement_fits(player_, buy->card, order.displace, buy->displace);
    });
  }

  std::optional<Action> operator()(const TakeOrder& order) const {
    if (state_.step != Step::kActions) return std::nullopt;
    return first(legal_, [&](const LegalAction& l) {
      const Take* take = std::get_if<Take>(&l.action);
      return take != nullptr && from_row(take->from) && matches(order.card, take->card);
    });
  }

  std::optional<Action> operator()(const PlayOrder& order) const {
    if (state_.step != Step::kActions) return std::nullopt;
    int targets = 0;
    for (const LegalAction& l : legal_) {
      const Play* play = std::get_if<Play>(&l.action);
      if (play != nullptr && play->card == order.card && play->target) ++targets;
    }
    return cheapest(legal_, [&](const LegalAction& l) {
      const Play* play = std::get_if<Play>(&l.action);
      if (play == nullptr || play->card != order.card || cost(l) > order.max_price) return false;
      if (!displacement_fits(player_, play->card, order.displace, play->displace)) return false;
      return order.target ? play->target == order.target : (!play->target || targets == 1);
    });
  }

  std::optional<Action> operator()(const PickpocketAnswer& answer) const {
    if (state_.step != Step::kPickpocket) return std::nullopt;
    if (!answer.play) return if_legal(legal_, Pass{false});
    return if_legal(legal_, Play{card_with_ability(Ability::kPickpocket), {}, {}});
  }

  std::optional<Action> operator()(const DrawnCardAnswer& answer) const {
    if (state_.step != Step::kDrawnCard) return std::nullopt;
    const CardId drawn = state_.drawn;
    if (answer.card && !matches(*answer.card, drawn)) return std::nullopt;
    switch (answer.choice) {
      case DrawnCardChoice::kBuy:
        return cheapest(legal_, [&](const LegalAction& l) {
          const Buy* buy = std::get_if<Buy>(&l.action);
          return buy != nullptr && buy->from == Source::kDrawn && cost(l) <= answer.max_price &&
                 displacement_fits(player_, drawn, answer.displace, buy->displace);
        });
      case DrawnCardChoice::kTake: return if_legal(legal_, Take{drawn, Source::kDrawn});
      case DrawnCardChoice::kDiscard: return if_legal(legal_, Discard{drawn, Source::kDrawn});
    }
    return std::nullopt;
  }

  std::optional<Action> operator()(const PubAnswer& answer) const {
    if (state_.step != Step::kPubPurchase) return std::nullopt;
    if (answer.points == 0) return if_legal(legal_, Pass{false});
    std::optional<Action> most;
    int most_points = 0;
    for (const LegalAction& l : legal_) {
      const BuyPoints* buy = std::get_if<BuyPoints>(&l.action);
      if (buy != nullptr && buy->points <= answer.points && buy->points > most_points) {
        most = l.action;
        most_points = buy->points;
      }
    }
    return most;
  }

  std::optional<Action> operator()(const DiscardPickAnswer& answer) const {
    if (state_.step != Step::kDiscardPick) return std::nullopt;
    const auto wanted = [&](CardId card) { return !answer.card || matches(*answer.card, card); };
    switch (answer.choice) {
      case PickChoice::kBuy:
        return cheapest(legal_, [&](const LegalAction& l) {
          const Buy* buy = std::get_if<Buy>(&l.action);
          return buy != nullptr && buy->from == Source::kDiscard && wanted(buy->card) &&
                 cost(l) <= answer.max_price && displacement_fits(player_, buy->card, answer.displace, buy->displace);
        });
      case PickChoice::kTake:
        return first(legal_, [&](const LegalAction& l) {
          const Take* take = std::get_if<Take>(&l.action);
          return take != nullptr && take->from == Source::kDiscard && wanted(take->card);
        });
      case PickChoice::kGiveUp: return if_legal(legal_, Discard{std::nullopt, Source::kDiscard});
    }
    return std::nullopt;
  }

 private:
  const GameState& state_;
  Seat seat_;
  const PlayerState& player_;
  Legal legal_;
};

}  // namespace

std::optional<OrderedMove> standing_order_move(const GameState& state, Seat seat,
                                               std::span<const StandingOrder> orders) {
  if (state.is_finished() || seat.value >= state.player_count || seat != state.current || orders.empty()) {
    return std::nullopt;
  }
  const Evaluator evaluate(state, seat);
  for (std::size_t i = 0; i < orders.size(); ++i) {
    if (!is_live(state, seat, orders[i])) continue;
    if (std::optional<Action> move = std::visit(evaluate, orders[i].rule)) return OrderedMove{*move, i};
  }
  return std::nullopt;
}

}  // namespace sp::engine
