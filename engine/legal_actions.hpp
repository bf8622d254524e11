// Legal actions: every action a seat may take now, each with the rubles it
// would cost that seat. Clients grey out what is not here; robots choose from it.
//
// The list is complete for the decisions the engine waits for, and it never
// lists an action that apply() would refuse. Identical choices are listed once
// (two Lumberjacks in the upper row are one "buy Lumberjack from the upper row").
#pragma once

#include <optional>
#include <vector>

#include "engine/action.hpp"
#include "engine/state.hpp"

namespace sp::engine {

struct LegalAction {
  Action action;
  std::optional<int> price;  // rubles the seat pays; nothing for a free action
  friend bool operator==(const LegalAction&, const LegalAction&) = default;
};

// Receives legal actions one by one; returning false stops the enumeration.
class LegalActionSink {
 public:
  virtual ~LegalActionSink() = default;
  virtual bool add(const Action& action, std::optional<int> price) = 0;
};

void enumerate_legal_actions(const GameState& state, Seat seat, LegalActionSink& sink);

std::vector<LegalAction> legal_actions(const GameState& state, Seat seat);

// Appends to `out` (cleared first); lets a caller reuse one buffer.
void legal_actions_into(const GameState& state, Seat seat, std::vector<LegalAction>& out);

// Whether the seat to act could do anything but pass (forced passes, ruling 6).
bool has_action_besides_passing(const GameState& state, Seat seat);

// The seats the engine is waiting for.
std::vector<Seat> seats_to_act(const GameState& state);

}  // namespace sp::engine
