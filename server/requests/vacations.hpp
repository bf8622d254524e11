// Vacations as the server runs them (the arithmetic is in
// vacation_allowance.hpp): a vacation's start and end tell the tables where
// the user owes a move, so those deadlines pause and resume; each end is in
// the scheduler, set again at start-up so one that passed while the server
// was down ends at once.
//
// Nodes sharing one PostgreSQL database each schedule every vacation's end
// (a vacation booked on another node is told to all of them, see
// vacation_booked_elsewhere); the node whose job closes the vacation's row
// first tells the tables, the others find it closed and do nothing. So the
// end comes once, and also when the node that booked the vacation is gone.
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
// Another node stored a vacation of `user_id`: schedules its end here too.
void vacation_booked_elsewhere(Services& services, std::int64_t user_id);

}  // namespace sp::server
