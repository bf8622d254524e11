// The JSON of one entry of a game's log, as stored in the move log, exported
// in a game record and sent in a move entry: an action as engine_json writes
// it, or {"entry": "resign"} for the entries that are no action
// (engine/log_entry.hpp; docs/protocol.md, "Resigning, aborting, undoing").
#pragma once

#include <nlohmann/json.hpp>

#include "engine/replay.hpp"
#include "protocol/engine_json.hpp"

namespace sp::protocol {

nlohmann::json encode_log_entry(const engine::LoggedAction& entry);
// The seat is the caller's (it is stored beside the entry).
Expected<engine::LoggedAction, DecodeError> decode_log_entry(const nlohmann::json& j, engine::Seat seat);

}  // namespace sp::protocol
