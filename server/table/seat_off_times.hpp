// Players' off time (server/clock/off_time.hpp) as their notice settings
// store it, and each seat's for the table's clocks: the store's side of the
// one deadline path.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "server/clock/seat_clocks.hpp"
#include "server/store/mail_rows.hpp"
#include "server/store/records.hpp"

namespace sp::server {

OffTime off_time_of(const NoticeSettingsRecord& settings);

// By seat: the off time of each seat's person (none for a seat without one).
OffTimes seat_off_times(Records& db, const std::vector<std::optional<std::int64_t>>& people);

}  // namespace sp::server
