#include "protocol/table_status.hpp"

namespace sp::protocol {

std::string_view to_string(TableStatus status) {
  switch (status) {
    case TableStatus::kOpen: return "open";
    case TableStatus::kPlaying: return "playing";
    case TableStatus::kFinished: return "finished";
    case TableStatus::kAborted: return "aborted";
  }
  return "aborted";
}

std::optional<TableStatus> parse_table_status(std::string_view word) {
  for (const TableStatus status : {TableStatus::kOpen, TableStatus::kPlaying, TableStatus::kFinished,
                                   TableStatus::kAborted}) {
    if (to_string(status) == word) return status;
  }
  return std::nullopt;
}

}  // namespace sp::protocol
