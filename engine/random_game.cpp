#include "engine/random_game.hpp"

#include "engine/rules.hpp"

namespace sp::engine {

Action RandomPlayer::choose(const GameState& state, Seat seat) {
  legal_actions_into(state, seat, buffer_);
  SP_ASSERT(!buffer_.empty());
  return buffer_[static_cast<std::size_t>(rng_.below(buffer_.size()))].action;
}

bool play_randomly(GameState& state, RandomPlayer& player, RandomGameStats& stats,
                   std::vector<LoggedAction>* log, std::uint64_t max_actions) {
  for (std::uint64_t n = 0; n < max_actions; ++n) {
    if (state.is_finished()) return true;
    const Seat seat = state.current;
    const Action action = player.choose(state, seat);
    auto result = apply_in_place(state, seat, action, nullptr);
    SP_ASSERT(result.has_value());
    ++stats.actions;
    if (log != nullptr) log->push_back(LoggedAction{seat, action});
  }
  return state.is_finished();
}

}  // namespace sp::engine
