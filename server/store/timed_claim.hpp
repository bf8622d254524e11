// Claims on timed work that belongs to no table, so that nodes sharing one
// PostgreSQL database do each piece once (docs/scaling.md, "Timed work"):
// the webhook, push and email outboxes' rows, the daily retention sweep. A
// claim names its node and lasts a while on the database's clock; a node that
// dies leaves its claims to expire, and another node takes the work then.
//
// With SQLite there is one node: every claim is granted and nothing of it is
// written.
//
// Nodes are also told when timed work becomes due on another node's write
// (NOTIFY on kTimedWorkChannel, in that write's transaction), so each keeps
// its own scheduler entry for it and does it should the writer die.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sp::server {

// Who claims, and for how long (milliseconds of the database's clock).
struct Claim {
  std::string node;
  std::int64_t lasts_ms = 0;
};

// The answer to a claim on a piece of timed work.
struct ClaimAnswer {
  bool granted = true;
  std::int64_t holder_left_ms = 0;  // when refused: how long the holder's claim still runs
};

// Timed work the nodes share, as named in timed_claims rows and in the
// notifications that tell the nodes it is due.
enum class TimedWork : char {
  kWebhooks = 'w',        // webhook_outbox rows (webhooks and Web Push)
  kEmails = 'e',          // email_outbox rows
  kDigests = 'd',         // a player's next digest time changed
  kVacationEnd = 'v',     // a vacation was booked: its end is due some day
  kRetentionSweep = 'r',  // the daily deletion of old rows: claimed, never told (each node schedules its own)
};

// The channel that tells every node that timed work is due: "<kind> <id>"
// (the id is a user's for a vacation, 0 otherwise).
inline constexpr std::string_view kTimedWorkChannel = "spb_due";

// The name of `work` in timed_claims.
std::string to_string(TimedWork work);

// The work and id a notification on kTimedWorkChannel names; nothing for a
// payload this server does not send.
struct TimedWorkDue {
  TimedWork work;
  std::int64_t id = 0;
};
std::optional<TimedWorkDue> parse_timed_work_due(std::string_view payload);

}  // namespace sp::server
