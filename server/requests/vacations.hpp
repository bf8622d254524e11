// Vacations as the server runs them (the arithmetic is in
// vacation_allowance.hpp): a vacation's start and end tell the tables where
// the user owes a move, so those deadlines pause and resume; each end is in
// the scheduler, set again at start-up so one that passed while the server
// was down ends at once.
#pragma once

#include <cstdint>

#include "server/requests/requests.hpp"
#include "server/store/correspondence_rows.hpp"

namespace sp::server {

// After a vacation was stored: pauses the user's deadlines, schedules its end.
void vacation_began(Services& services, const VacationRecord& vacation);
// After a vacation was closed (ended early): resumes the user's deadlines.
void vacation_ended(Services& services, std::int64_t user_id);
// At start-up: schedules the end of every vacation not yet closed.
void schedule_open_vacations(Services& services);

}  // namespace sp::server
