// Vacation arithmetic: a player declares days away; while away, the move
// deadlines of their seats stand still. Each calendar year (UTC) allows a set
// number of days; a vacation counts against the year it starts in, for the
// whole days it lasted (or is planned to last while it runs): one that ends
// early gives back its unused whole days.
#pragma once

#include <cstdint>
#include <vector>

#include "server/store/correspondence_rows.hpp"

namespace sp::server {

inline constexpr std::int64_t kSecondsPerDay = 86400;

// Unix seconds of 1 January 00:00 UTC of the year that holds `t`.
std::int64_t year_start(std::int64_t t);

// Whole days charged for one vacation: as planned while it runs, as it
// lasted once closed.
int days_charged(const VacationRecord& v);

// Days charged this year (the year of `now`) over `vacations`.
int days_used_this_year(const std::vector<VacationRecord>& vacations, std::int64_t now);

}  // namespace sp::server
