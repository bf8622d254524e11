#include "engine/replay.hpp"

#include "engine/rules.hpp"

namespace sp::engine {

Expected<GameState, ReplayError> replay(const GameSetup& setup, const std::vector<LoggedAction>& log) {
  auto state = new_game(setup);
  if (!state) return unexpected(ReplayError{0, state.error().message});
  for (std::size_t i = 0; i < log.size(); ++i) {
    auto result = apply_in_place(*state, log[i].seat, log[i].action, nullptr);
    if (!result) {
      return unexpected(ReplayError{i, std::string(to_string(result.error().code)) + ": " + result.error().message});
    }
  }
  return std::move(*state);
}

}  // namespace sp::engine
