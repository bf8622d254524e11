#include "engine/analysis/decision_kind.hpp"

#include "engine/card.hpp"
#include "engine/overloaded.hpp"

namespace sp::engine {

DecisionKind decision_kind(const Action& action) {
  // Every kind named, so a new action is a compile error here until it has a kind.
  return std::visit(
      Overloaded{
          [](const Buy& buy) { return buy.displace ? DecisionKind::kDisplacement : DecisionKind::kBuying; },
          [](const Play& play) {
            if (spec(play.card).is_action_card()) return DecisionKind::kCardAbility;
            return play.displace ? DecisionKind::kDisplacement : DecisionKind::kBuying;
          },
          [](const Take&) { return DecisionKind::kTakingIntoHand; },
          [](const Pass&) { return DecisionKind::kPassing; },
          [](const CancelPassUntilPhaseEnd&) { return DecisionKind::kPassing; },
          [](const BuyPoints&) { return DecisionKind::kPub; },
          [](const UseObservatory&) { return DecisionKind::kCardAbility; },
          [](const Discard&) { return DecisionKind::kCardAbility; },
          [](const SetGuildHall&) { return DecisionKind::kCardAbility; },
          [](const UseTradingHouse&) { return DecisionKind::kCardAbility; },
          [](const UseDebtorsPrison&) { return DecisionKind::kCardAbility; },
      },
      action);
}

std::string_view to_string(DecisionKind kind) {
  switch (kind) {
    case DecisionKind::kBuying: return "buying";
    case DecisionKind::kDisplacement: return "displacement";
    case DecisionKind::kTakingIntoHand: return "taking_into_hand";
    case DecisionKind::kPassing: return "passing";
    case DecisionKind::kPub: return "pub";
    case DecisionKind::kCardAbility: return "card_ability";
  }
  return "unknown";
}

}  // namespace sp::engine
