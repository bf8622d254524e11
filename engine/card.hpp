// The card catalogue: every card's printed numbers, generated at build time from
// engine/data/cards.json (the one place card numbers live). The catalogue is
// constant data, identical in every process; CardId is a card's position in it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "engine/invariant.hpp"

namespace sp::engine {

// The four face-down stacks, in the order of the phases that score them.
enum class Deck : std::uint8_t { kWorker, kBuilding, kAristocrat, kTrading };
inline constexpr int kDeckCount = 4;

// Front colour: which group a card joins in the tableau and when it scores.
// Purple is The Banquet's action cards, which never enter a tableau.
enum class Color : std::uint8_t { kGreen, kBlue, kOrange, kPurple };

// Ware symbol of green cards (upper right corner).
enum class Symbol : std::uint8_t { kNone, kWood, kGold, kWool, kFur, kShip, kGrain, kAny };

// What a trading card may displace.
enum class Displaces : std::uint8_t {
  kNone,
  kSameSymbol,        // a worker with the same symbol, or one carrying every symbol
  kAnyWorker,         // any worker (The New Society card)
  kAnyBuilding,       // any building that is not a trading card
  kAnyAristocrat,     // any aristocrat that is not a trading card
  kCzarAndCarpenter,  // either version of the Czar and Carpenter
};

enum class Expansion : std::uint8_t { kBase, kNewSociety, kBanquet };

enum class Ability : std::uint8_t {
  kNone,
  kCzarAndCarpenter,
  kWarehouse,
  kPub,
  kPotjomkinVillage,
  kObservatory,
  kCarpenterWorkshopDiscount,
  kGoldSmelterDiscount,
  kMariinskijRubles,
  kTaxMan,
  kCoffeeHouseRubles,
  kDebtorsPrison,
  kTradingHouse,
  kSycophant,
  kObshchinaDiscount,
  kMariinskijPoints,
  kGuildHall,
  kTextileFactory,
  kMayorRubles,
  kCzarSuperstarDiscount,
  kAwayWithIt,
  kBlackMarket,
  kGoldenDonkey,
  kDoubleTurn,
  kPickpocket,
  kJester,
  kBanquet,
};

inline constexpr std::uint8_t kNoCard = 0xFF;

struct CardSpec {
  std::string_view id;
  std::string_view name;
  Deck deck;
  Color color;
  bool trading;
  int cost;
  int displace_value;  // what the card is worth when a trading card displaces it
  int rubles;
  int points;
  int count;
  int new_society_extra_copies;
  Symbol symbol;
  Displaces displaces;
  Expansion expansion;
  bool replaced_by_new_society;
  std::uint8_t replaces;  // CardId value of the base card this one replaces, or kNoCard
  Ability ability;
  std::string_view text;

  bool is_action_card() const { return color == Color::kPurple; }
};

struct CardId {
  std::uint8_t value = kNoCard;
  friend constexpr bool operator==(CardId, CardId) = default;
  friend constexpr auto operator<=>(CardId, CardId) = default;
};

namespace detail {
// The generated catalogue (engine/data/cards.json), constant for the process.
extern const CardSpec* const kCardTable;
extern const int kCardTableSize;
}  // namespace detail

inline int card_count() { return detail::kCardTableSize; }

// Inline: the rules ask for card data in their innermost loops.
inline const CardSpec& spec(CardId card) {
  SP_ASSERT(card.value < detail::kCardTableSize);
  return detail::kCardTable[card.value];
}

std::optional<CardId> find_card(std::string_view id);
std::string_view card_set_version();

// Aristocrat bonus at final scoring for this many distinct aristocrats.
int aristocrat_bonus(int distinct, bool new_society);

std::string_view to_string(Deck deck);
std::optional<Deck> deck_from_string(std::string_view text);

}  // namespace sp::engine

namespace sp::engine {

// The first card in the catalogue with this ability (for the one-of-a-kind
// cards: Jester, Banquet, Pickpocket), or an id with kNoCard.
CardId card_with_ability(Ability ability);

}  // namespace sp::engine
