#include "engine/replay.hpp"

#include "engine/rules.hpp"

namespace sp::engine {

Expected<GameState, ReplayError> replay(const GameSetup& setup, const std::vector<LoggedAction>& log) {
  return replay(setup, log, ReplayVisitor{});
}

Expected<GameState, ReplayError> replay(const GameSetup& setup, const std::vector<LoggedAction>& log,
                                        const ReplayVisitor& each) {
  auto state = new_game(setup);
  if (!state) return unexpected(ReplayError{0, state.error().message});
  Events events;
  for (std::size_t i = 0; i < log.size(); ++i) {
    events.clear();
    auto result = apply_in_place(*state, log[i].seat, log[i].action, each ? &events : nullptr);
    if (!result) {
      return unexpected(ReplayError{i, std::string(to_string(result.error().code)) + ": " + result.error().message});
    }
    if (each) each(i, log[i], *state, events);
  }
  return std::move(*state);
}

}  // namespace sp::engine
