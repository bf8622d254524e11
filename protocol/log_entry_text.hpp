// The text of one entry of a game's log, as the move log stores it, written
// straight into a string: the very bytes encode_log_entry(entry).dump() gives
// (the same keys, in the order nlohmann writes them: sorted), without
// building a document first. The table writes one after every move, and the
// legal actions of each seat (the dump of their encode_legal_action
// documents, as an array) for every update it sends.
#pragma once

#include <span>
#include <string>

#include "engine/legal_actions.hpp"
#include "engine/replay.hpp"

namespace sp::protocol {

std::string encode_log_entry_text(const engine::LoggedAction& entry);
std::string encode_legal_actions_text(std::span<const engine::LegalAction> actions);

}  // namespace sp::protocol
