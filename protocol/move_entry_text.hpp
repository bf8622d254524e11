// A move's entry in a table_update's `moves`, written straight into a string:
// the very bytes encode_move_entry(...).dump() gives, without building the
// document. The table writes one after every move, for every receiver class
// whose events differ.
#pragma once

#include <string>

#include "engine/options.hpp"
#include "engine/view.hpp"
#include "protocol/table_update.hpp"

namespace sp::protocol {

std::string encode_move_entry_text(const MoveEntry& move, const engine::TableOptions& options, engine::Viewer viewer);

}  // namespace sp::protocol
