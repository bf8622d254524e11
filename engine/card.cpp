#include "engine/card.hpp"


namespace sp::engine {
namespace {

#include "engine/card_table.inc"

}  // namespace

namespace detail {
const CardSpec* const kCardTable = kGeneratedCards.data();
const int kCardTableSize = SP_CARD_COUNT;
}  // namespace detail

std::optional<CardId> find_card(std::string_view id) {
  for (std::size_t i = 0; i < kGeneratedCards.size(); ++i) {
    if (kGeneratedCards[i].id == id) return CardId{static_cast<std::uint8_t>(i)};
  }
  return std::nullopt;
}

std::string_view card_set_version() { return kGeneratedCardSetVersion; }

int aristocrat_bonus(int distinct, bool new_society) {
  const int last = static_cast<int>(kGeneratedAristocratBonus.size()) - 1;
  if (distinct <= last) return kGeneratedAristocratBonus[static_cast<std::size_t>(distinct)];
  const int capped = kGeneratedAristocratBonus[static_cast<std::size_t>(last)];
  return new_society ? capped + (distinct - last) * kGeneratedBonusPerAristocratAboveTen : capped;
}

std::string_view to_string(Deck deck) {
  switch (deck) {
    case Deck::kWorker: return "worker";
    case Deck::kBuilding: return "building";
    case Deck::kAristocrat: return "aristocrat";
    case Deck::kTrading: return "trading";
  }
  return "unknown";
}

std::optional<Deck> deck_from_string(std::string_view text) {
  for (int d = 0; d < kDeckCount; ++d) {
    if (to_string(static_cast<Deck>(d)) == text) return static_cast<Deck>(d);
  }
  return std::nullopt;
}

}  // namespace sp::engine

namespace sp::engine {

namespace {

constexpr auto kFirstWithAbility = [] {
  std::array<std::uint8_t, 256> first{};
  first.fill(kNoCard);
  for (std::size_t i = 0; i < kGeneratedCards.size(); ++i) {
    const auto ability = static_cast<std::size_t>(kGeneratedCards[i].ability);
    if (first[ability] == kNoCard) first[ability] = static_cast<std::uint8_t>(i);
  }
  return first;
}();

}  // namespace

CardId card_with_ability(Ability ability) { return CardId{kFirstWithAbility[static_cast<std::size_t>(ability)]}; }

}  // namespace sp::engine
