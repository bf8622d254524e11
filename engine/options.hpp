// Table options: the choices a table makes at creation, fixed for the whole game.
// Defaults are the online style of seed 002 (rules/DECISIONS.md).
#pragma once

#include <cstdint>

namespace sp::engine {

enum class PubTiming : std::uint8_t {
  kBuildingActions,       // online: on one's turn during the building actions
  kAfterBuildingScoring,  // original: right after building scoring
};

struct Expansions {
  bool banquet = false;
  bool new_society = false;
  friend bool operator==(const Expansions&, const Expansions&) = default;
};

struct TableOptions {
  Expansions expansions;
  bool public_money = true;
  bool public_hands = true;
  bool stack_peek = true;
  PubTiming pub_timing = PubTiming::kBuildingActions;
  bool pass_until_phase_end = true;
  // On only while money and hands are public: an automatic pass would otherwise
  // tell the table that the seat cannot afford anything.
  bool auto_pass_forced = true;
  friend bool operator==(const TableOptions&, const TableOptions&) = default;
};

}  // namespace sp::engine
