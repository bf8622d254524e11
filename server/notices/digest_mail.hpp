// A digest's email (docs/notifications.md, "What you are told, and when"):
// the tables waiting for the player's move, the most urgent deadline first,
// and the notices of the past day whose kind they chose "digest" for. A
// player with nothing to tell gets no email that day. When digests fall is
// time's (time/digests.hpp).
//
// The row's idempotency key names the player and the local date, and it is
// written in the transaction that moves their next digest time on, so a
// day's digest is queued once and sent as any email is.
#pragma once

#include <cstdint>

#include "server/store/records.hpp"

namespace sp::server {

// In a store job: queues `user_id`'s digest due at `now`, if there is
// anything to tell, and plans the next. Returns whether one was queued.
bool queue_digest(Records& db, std::int64_t user_id, std::int64_t now);

}  // namespace sp::server
