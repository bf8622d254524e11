// The replay of a game record's moves (docs/records.md): the game dealt from
// the record's setup, each move of its "moves" applied in order and its
// recorded state hash compared, then the trailer's move count and final hash.
// `spb verify-deal` (server/admin/deal_proof.cpp) and the browser's check of a
// deal (web/verifier, the same code compiled to WebAssembly) both prove a
// record through this one function, so they cannot disagree about a game.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/state.hpp"

namespace sp::protocol {

// Why a record does not replay; the page names each kind in the player's language.
enum class ReplayFault : std::uint8_t {
  kSetup,      // the player count, options or seed do not deal a game
  kMalformed,  // a move lacks move_number, seat, action or state_hash
  kGap,        // a move is not numbered one after the previous one
  kNoSeat,     // a move names a seat the table does not have
  kUnreadable, // a move's action does not decode
  kRefused,    // the engine refuses the action in the state reached
  kStateHash,  // the action is accepted but reaches another state than recorded
  kEnd,        // the trailer's move count or final state is not the replay's
};

std::string_view replay_fault_name(ReplayFault fault);

struct MoveFault {
  std::int64_t move_number = 0;  // the move that does not replay; for kSetup 0, for kEnd the moves replayed
  ReplayFault kind = ReplayFault::kSetup;
  std::string reason;  // a sentence, in English
};

struct RecordReplay {
  std::int64_t moves = 0;          // the moves that replayed to their recorded state hashes
  std::optional<MoveFault> fault;  // the first thing that did not
  engine::GameState state;         // after the last move that replayed
};

// Deals the game a record's header names (`players` seats, its options as
// engine_json writes them, the seed) and replays `moves` (a record's "moves",
// each {move_number, seat, action, state_hash}), stopping at the first that
// does not replay; then checks `trailer` ({moves, state_hash}). Never throws,
// whatever the JSON.
RecordReplay replay_record(int players, const nlohmann::json& options, std::uint64_t seed, const nlohmann::json& moves,
                           const nlohmann::json& trailer);

}  // namespace sp::protocol
