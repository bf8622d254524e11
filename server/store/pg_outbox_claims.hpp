// The SQL by which nodes sharing PostgreSQL claim the due rows of an outbox
// (webhook_outbox, email_outbox: docs/scaling.md, "Timed work"), one text
// for both, so that the two outboxes cannot claim differently.
//
// The claim is written in the job's transaction and outlives it: the sending
// happens after the commit. SKIP LOCKED passes over rows another node is
// claiming this moment; FOR UPDATE reads a row claimed and committed since
// the statement began as it is now, claimed. A row is claimable when nobody
// claimed it, this node did (a node restarted under its old name takes its
// claims back at once), or the claim expired.
#pragma once

#include <string>
#include <string_view>

#include "server/store/pg_clock.hpp"

namespace sp::server {

// "WITH <as> AS (...)": claims up to $2 rows of `outbox` due at $1 (the
// server's unix seconds) for node $3, for $4 milliseconds of the database's
// clock; <as> holds the claimed rows. The caller's SELECT from <as> follows.
inline std::string claim_due_outbox_rows(std::string_view outbox, std::string_view as) {
  const std::string table(outbox);
  return with_database_now("WITH " + std::string(as) + " AS (UPDATE " + table +
                           " SET claimed_by = $3, claimed_until_ms = NOW_MS + $4 "
                           "WHERE id IN (SELECT id FROM " + table +
                           " WHERE status = 'pending' AND next_attempt_at <= $1 "
                           "AND (claimed_by IS NULL OR claimed_by = $3 OR claimed_until_ms <= NOW_MS) "
                           "ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED) RETURNING *) ");
}

// When node $2 should look at `outbox` next, in the server's unix seconds
// counted from $1: a row's next attempt, or, for a row another node holds a
// live claim on, when that claim ends (its remaining milliseconds on the
// database's clock, so that the two clocks need not agree).
inline std::string next_due_in_outbox(std::string_view outbox) {
  return with_database_now(
      "SELECT min(CASE WHEN claimed_by <> $2 AND claimed_until_ms > NOW_MS "
      "THEN greatest(next_attempt_at, $1 + (claimed_until_ms - NOW_MS + 999) / 1000) ELSE next_attempt_at END) "
      "FROM " + std::string(outbox) + " WHERE status = 'pending'");
}

}  // namespace sp::server
