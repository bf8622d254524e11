// A table's life: open (seats being taken), playing, then finished or aborted
// (by an administrator). One enum for the wire (list_tables' status, a
// summary's) and the store, which keeps it as the same word.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace sp::protocol {

enum class TableStatus : std::uint8_t { kOpen, kPlaying, kFinished, kAborted };

std::string_view to_string(TableStatus status);
std::optional<TableStatus> parse_table_status(std::string_view word);

}  // namespace sp::protocol
