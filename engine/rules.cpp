#include "engine/rules.hpp"

#include "engine/flow.hpp"
#include "engine/handlers.hpp"
#include "engine/overloaded.hpp"

namespace sp::engine {
namespace {

}  // namespace

namespace handlers {

std::string seat_name(Seat seat) { return "seat " + std::to_string(seat.value); }

std::string rubles(int amount) {
  return std::to_string(amount) + (amount == 1 ? " ruble" : " rubles");
}

Unexpected<RuleError> reject_pending(const GameState& state) {
  const std::string who = seat_name(state.current);
  switch (state.step) {
    case Step::kPickpocket:
      return reject(RuleErrorCode::kActionNotAllowedNow,
                    who + " must first decide whether to play the Pickpocket (play it or pass).");
    case Step::kDrawnCard:
      return reject(RuleErrorCode::kActionNotAllowedNow,
                    "The Observatory drew " + std::string(spec(state.drawn).name) +
                        ": buy it, take it into the hand or discard it.");
    case Step::kDiscardPick:
      return reject(RuleErrorCode::kActionNotAllowedNow,
                    "Pick a card from the discard pile: buy it or take it into the hand.");
    case Step::kPubPurchase:
      return reject(RuleErrorCode::kActionNotAllowedNow,
                    who + " may now buy points with the Pub (or pass).");
    case Step::kActions:
      return reject(RuleErrorCode::kActionNotAllowedNow, "That action is not possible now.");
    case Step::kFinished:
      return reject(RuleErrorCode::kGameOver, "The game is over.");
  }
  return reject(RuleErrorCode::kActionNotAllowedNow, "That action is not possible now.");
}

}  // namespace handlers

Expected<void, RuleError> apply_in_place(GameState& state, Seat seat, const Action& action,
                                         Events* events) {
  using handlers::reject;
  if (state.is_finished()) return reject(RuleErrorCode::kGameOver, "The game is over.");
  if (seat.value >= state.player_count) {
    return reject(RuleErrorCode::kUnknownSeat,
                  "There is no seat " + std::to_string(seat.value) + " at this table.");
  }
  const bool any_time = std::holds_alternative<CancelPassUntilPhaseEnd>(action);
  if (!any_time && seat != state.current) {
    return reject(RuleErrorCode::kNotYourTurn,
                  "It is not your turn; the table is waiting for " + handlers::seat_name(state.current) + ".");
  }
  const auto result = std::visit(
      Overloaded{
          [&](const Buy& a) { return handlers::buy(state, seat, a, events); },
          [&](const Take& a) { return handlers::take(state, seat, a, events); },
          [&](const Play& a) { return handlers::play(state, seat, a, events); },
          [&](const Pass& a) { return handlers::pass(state, seat, a, events); },
          [&](const CancelPassUntilPhaseEnd&) { return handlers::cancel_pass(state, seat, events); },
          [&](const UseObservatory& a) { return handlers::use_observatory(state, seat, a, events); },
          [&](const Discard& a) { return handlers::discard(state, seat, a, events); },
          [&](const BuyPoints& a) { return handlers::buy_points(state, seat, a, events); },
          [&](const SetGuildHall& a) { return handlers::set_guild_hall(state, seat, a, events); },
          [&](const UseTradingHouse&) { return handlers::use_trading_house(state, seat, events); },
          [&](const UseDebtorsPrison&) { return handlers::use_debtors_prison(state, seat, events); },
      },
      action);
  if (!result) return result;
  ++state.move_number;
  flow::settle(state, events);
  return {};
}

Expected<Transition, RuleError> apply(const GameState& state, Seat seat, const Action& action) {
  Transition next{state, {}};
  auto result = apply_in_place(next.state, seat, action, &next.events);
  if (!result) return unexpected(result.error());
  return next;
}

}  // namespace sp::engine
