// The correspondence fields of a table's summary (docs/protocol.md): each
// seat's controller, and the table's pace and deadline, the same from a stored
// record (lobby listings) and from a live table.
#pragma once

#include <nlohmann/json.hpp>

#include "server/store/records.hpp"

namespace sp::server {

nlohmann::json seat_summary(const SeatRecord& seat);
// Adds `pace` (move_deadline_hours, takeover_after, takeover_by) and
// `deadline_at`, `deadline_paused_left` to a summary.
void add_pace(nlohmann::json& summary, const TableRecord& table);

}  // namespace sp::server
