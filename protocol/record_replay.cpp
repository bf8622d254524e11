#include "protocol/record_replay.hpp"

#include "engine/replay.hpp"
#include "engine/state_hash.hpp"
#include "protocol/engine_json.hpp"
#include "protocol/log_entry_json.hpp"

namespace sp::protocol {
namespace {

using nlohmann::json;

RecordReplay& fail(RecordReplay& replay, std::int64_t move_number, ReplayFault kind, std::string reason) {
  replay.fault = MoveFault{move_number, kind, std::move(reason)};
  return replay;
}

bool integer_at(const json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_number_integer();
}

std::string text_at(const json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

std::string_view replay_fault_name(ReplayFault fault) {
  switch (fault) {
    case ReplayFault::kSetup: return "setup";
    case ReplayFault::kMalformed: return "malformed";
    case ReplayFault::kGap: return "gap";
    case ReplayFault::kNoSeat: return "no_seat";
    case ReplayFault::kUnreadable: return "unreadable";
    case ReplayFault::kRefused: return "refused";
    case ReplayFault::kStateHash: return "state_hash";
    case ReplayFault::kEnd: return "end";
  }
  return "setup";
}

RecordReplay replay_record(int players, const json& options, std::uint64_t seed, const json& moves,
                           const json& trailer) {
  RecordReplay replay;
  engine::GameSetup setup;
  setup.player_count = players;
  setup.seed = seed;
  const auto read_options = decode_options(options.is_null() ? json::object() : options);
  if (!read_options) return fail(replay, 0, ReplayFault::kSetup, "the options do not read: " + read_options.error().message);
  setup.options = *read_options;
  auto dealt = engine::new_game(setup);
  if (!dealt) return fail(replay, 0, ReplayFault::kSetup, "the setup does not deal: " + dealt.error().message);
  replay.state = std::move(*dealt);

  // The state before the latest action not taken back, for an undo (engine::apply_entry).
  std::optional<engine::GameState> before;
  if (!moves.is_array()) return fail(replay, 1, ReplayFault::kMalformed, "the record's moves are not a list");
  for (const json& m : moves) {
    const std::int64_t expected = replay.moves + 1;
    if (!m.is_object() || !integer_at(m, "move_number") || !integer_at(m, "seat") || !m.contains("action") ||
        !m.contains("state_hash") || !m.at("state_hash").is_string()) {
      return fail(replay, expected, ReplayFault::kMalformed,
                  "the move does not read (each needs move_number, seat, action and state_hash)");
    }
    const std::int64_t number = m.at("move_number").get<std::int64_t>();
    const std::int64_t seat = m.at("seat").get<std::int64_t>();
    if (number != expected) {
      return fail(replay, expected, ReplayFault::kGap,
                  "the record has a gap: the move after " + std::to_string(replay.moves) + " is numbered " +
                      std::to_string(number));
    }
    if (seat < 0 || seat >= players) {
      return fail(replay, number, ReplayFault::kNoSeat, "seat " + std::to_string(seat) + " does not exist at this table");
    }
    const json& action = m.at("action");
    const auto entry = decode_log_entry(action, engine::Seat{static_cast<std::uint8_t>(seat)});
    if (!entry) return fail(replay, number, ReplayFault::kUnreadable, "the action does not read: " + entry.error().message);
    const auto applied = engine::apply_entry(replay.state, before, *entry, nullptr);
    if (!applied) {
      return fail(replay, number, ReplayFault::kRefused,
                  "the engine refuses the action " + action.dump(-1, ' ', false, json::error_handler_t::replace) +
                      " of seat " + std::to_string(seat) + " (" + applied.error() + ")");
    }
    const std::string reached = engine::state_hash_hex(replay.state);
    const std::string recorded = m.at("state_hash").get<std::string>();
    if (reached != recorded) {
      return fail(replay, number, ReplayFault::kStateHash,
                  "the replay reaches state " + reached + " but the record says " + recorded);
    }
    replay.moves = number;
  }

  const std::int64_t said = integer_at(trailer, "moves") ? trailer.at("moves").get<std::int64_t>() : -1;
  const std::string final_hash = engine::state_hash_hex(replay.state);
  if (said != replay.moves || text_at(trailer, "state_hash") != final_hash) {
    return fail(replay, replay.moves, ReplayFault::kEnd,
                "the record says " + std::to_string(said) + " moves ending in state " + text_at(trailer, "state_hash") +
                    ", the replay made " + std::to_string(replay.moves) + " ending in " + final_hash);
  }
  return replay;
}

}  // namespace sp::protocol
