// The text of one entry of a game's log, as the move log stores it, written
// straight into a string: the very bytes encode_log_entry(entry).dump() gives
// (the same keys, in the order nlohmann writes them: sorted), without
// building a document first. The table writes one after every move.
#pragma once

#include <string>

#include "engine/replay.hpp"

namespace sp::protocol {

std::string encode_log_entry_text(const engine::LoggedAction& entry);

}  // namespace sp::protocol
