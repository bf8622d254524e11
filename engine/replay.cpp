#include "engine/replay.hpp"

#include "engine/rules.hpp"

namespace sp::engine {

Expected<void, std::string> apply_entry(GameState& state, std::optional<GameState>& before, const LoggedAction& entry,
                                        Events* events) {
  switch (entry.kind) {
    case LogKind::kAction: {
      GameState previous = state;
      auto result = apply_in_place(state, entry.seat, entry.action, events);
      if (!result) return unexpected(std::string(to_string(result.error().code)) + ": " + result.error().message);
      before = std::move(previous);
      return {};
    }
    case LogKind::kUndo:
      if (!before) return unexpected(std::string("an undo with no action before it to take back"));
      state = std::move(*before);
      before.reset();
      return {};
    case LogKind::kResign:
    case LogKind::kAbortProposed:
    case LogKind::kAbortVoted:
    case LogKind::kAbortRefused:
    case LogKind::kAbortLapsed:
    case LogKind::kAborted:
    case LogKind::kLateAsked:
    case LogKind::kLateVotedWait:
    case LogKind::kLateVotedRobot:
    case LogKind::kLateVotedEnd:
    case LogKind::kLateWaited:
    case LogKind::kLateRobot:
    case LogKind::kLateEnded:
      return {};
  }
  return unexpected(std::string("an entry of unknown kind"));
}

Expected<GameState, ReplayError> replay(const GameSetup& setup, const std::vector<LoggedAction>& log) {
  return replay(setup, log, ReplayVisitor{});
}

Expected<GameState, ReplayError> replay(const GameSetup& setup, const std::vector<LoggedAction>& log,
                                        const ReplayVisitor& each) {
  auto state = new_game(setup);
  if (!state) return unexpected(ReplayError{0, state.error().message});
  Events events;
  std::optional<GameState> before;
  for (std::size_t i = 0; i < log.size(); ++i) {
    events.clear();
    auto result = apply_entry(*state, before, log[i], each ? &events : nullptr);
    if (!result) return unexpected(ReplayError{i, result.error()});
    if (each) each(i, log[i], *state, events);
  }
  return std::move(*state);
}

}  // namespace sp::engine
