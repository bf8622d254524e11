#include "server/table/log_replay.hpp"

#include "engine/rules.hpp"
#include "engine/state_hash.hpp"
#include "protocol/stored_text.hpp"

namespace sp::server {

std::string Divergence::describe() const {
  return move_number > 0 ? "move " + std::to_string(move_number) + ": " + reason : reason;
}

Expected<engine::GameSetup, std::string> stored_setup(const TableRecord& record) {
  engine::GameSetup setup;
  setup.player_count = record.player_count;
  setup.seed = record.seed;
  const auto options = protocol::decode_stored_options(record.options_json);
  if (!options) return unexpected("the table's options do not read: " + options.error().message);
  setup.options = *options;
  return setup;
}

engine::TableView view_after(const engine::GameState& state, engine::Viewer viewer, std::int64_t entries) {
  engine::TableView view = engine::view_for(state, viewer);
  view.move_number = static_cast<std::uint32_t>(entries);
  return view;
}

LogReplay::LogReplay(const TableRecord& record) {
  auto setup = stored_setup(record);
  if (!setup) {
    diverge(0, setup.error());
    return;
  }
  setup_ = std::move(*setup);
  auto state = engine::new_game(setup_);
  if (!state) {
    diverge(0, "the table's setup does not deal: " + state.error().message);
    return;
  }
  state_ = std::move(*state);
}

LogReplay::LogReplay(const TableRecord& record, engine::GameState state, std::int64_t moves) : LogReplay(record) {
  if (divergence_) return;
  state_ = std::move(state);
  moves_ = moves;
}

Expected<engine::LoggedAction, Divergence> read_move(std::int64_t expected, std::int64_t move_number, int seat,
                                                     std::string_view action, int player_count) {
  const auto decoded = protocol::decode_stored_entry(action, engine::Seat{static_cast<std::uint8_t>(seat)});
  if (!decoded && decoded.error().not_json) return unexpected(Divergence{move_number, "the stored action is not JSON"});
  if (move_number != expected) {
    return unexpected(Divergence{expected, "the log has a gap: move " + std::to_string(expected) +
                                               " is missing (the next move stored is " + std::to_string(move_number) + ")"});
  }
  if (seat < 0 || seat >= player_count) {
    return unexpected(Divergence{move_number, "seat " + std::to_string(seat) + " does not exist at this table"});
  }
  if (!decoded) return unexpected(Divergence{move_number, "the action does not read: " + decoded.error().error.message});
  return *decoded;
}

Expected<engine::LoggedAction, Divergence> read_move(std::int64_t expected, const MoveRecord& move, int player_count) {
  return read_move(expected, move.move_number, move.seat, move.action_json, player_count);
}

bool LogReplay::diverge(std::int64_t move_number, std::string reason) {
  divergence_ = Divergence{move_number, std::move(reason)};
  return false;
}

bool LogReplay::apply(std::int64_t move_number, int seat, std::string_view action, std::string_view state_hash,
                      engine::Events* events) {
  if (divergence_) return false;
  const auto read = read_move(moves_ + 1, move_number, seat, action, setup_.player_count);
  if (!read) {
    divergence_ = read.error();
    return false;
  }
  if (events) events->clear();
  const auto applied = engine::apply_entry(state_, before_, *read, events);
  if (!applied) {
    return diverge(move_number, "the engine refuses the action " + protocol::quoted_entry(action) + " of seat " +
                                    std::to_string(seat) + " (" + applied.error() + ")");
  }
  moves_ = move_number;
  last_ = *read;
  if (!state_hash.empty()) {
    const std::string reached = engine::state_hash_hex(state_);
    if (reached != state_hash) {
      return diverge(move_number, "the replay reaches state " + reached + " but the log says " + std::string(state_hash));
    }
  }
  return true;
}

bool LogReplay::apply(const MoveRecord& move, bool check_hash, engine::Events* events) {
  return apply(move.move_number, move.seat, move.action_json,
               check_hash ? std::string_view(move.state_hash) : std::string_view(), events);
}

bool LogReplay::finish(const TableRecord& record) {
  if (divergence_) return false;
  if (record.move_count != moves_) {
    return diverge(moves_ + (record.move_count > moves_ ? 1 : 0),
                   "the table records " + std::to_string(record.move_count) + " moves but its log holds " +
                       std::to_string(moves_) + (record.move_count > moves_ ? " (the log is cut short)" : ""));
  }
  if (!record.state_hash.empty() && record.state_hash != engine::state_hash_hex(state_)) {
    return diverge(moves_, "the table's last state hash " + record.state_hash + " is not the replay's " +
                               engine::state_hash_hex(state_));
  }
  if (record.status == TableStatus::kFinished && !state_.is_finished()) {
    return diverge(moves_ + 1, "the table is marked finished but its game is not over after move " +
                                   std::to_string(moves_) + " (the log is cut short)");
  }
  if (record.status == TableStatus::kPlaying && state_.is_finished()) {
    return diverge(moves_, "the game ended at move " + std::to_string(moves_) + " but the table is still marked playing");
  }
  return true;
}

}  // namespace sp::server
