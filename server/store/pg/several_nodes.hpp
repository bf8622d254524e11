// The policy of SqlRecords (sql_records.hpp) for nodes sharing one
// PostgreSQL database (docs/scaling.md): the lease proved in each table's
// write, claims on timed work and on the outboxes' due rows, NOTIFY to tell
// every node of work due, and names compared folded (no NOCASE collation).
// OneNode (sqlite/one_node.hpp) is the single-node version.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "server/store/lease.hpp"
#include "server/store/pg/pg_connection.hpp"
#include "server/store/sql_records.hpp"
#include "server/store/timed_claim.hpp"

namespace sp::server {

struct SeveralNodes {
  using Connection = PgConnection;

  // Names compare folded (a unique index on lower(name)). The due digests'
  // settings rows stay locked until the job's transaction ends, and rows
  // another node has locked are passed over: each digest is queued by one
  // node. An outbox row's claimant stays named with its claim ended (0): a
  // node whose claim expired and was taken by another finds that other's
  // name and writes nothing, even after the other recorded its outcome.
  static constexpr NodeClauses kClauses{"lower(name) = lower(?)", " FOR UPDATE SKIP LOCKED",
                                        ", claimed_until_ms = 0", " FOR UPDATE"};

  // Sent unawaited with the write's other statements: a lease that no longer
  // holds fails the job, as LeaseLost, when its outcome is read
  // (schema/postgresql/0013_lease_check.sql, pg_connection.hpp). It comes
  // first in every write, so a failed check leaves nothing of the job.
  static void check_lease(PgConnection& db, std::int64_t table_id, const LeaseFence& fence);
  // NOTIFY spb_table with what the job wrote to the table: its moves after
  // `moves_before`, status and clocks (schema/postgresql/0020_table_news.sql).
  // Sent unawaited too, last in the write, so that it reads what the write
  // changed; delivered when the transaction commits.
  static void tell_followers(PgConnection& db, std::int64_t table_id, std::int64_t moves_before);

  // NOTIFY on kTimedWorkChannel, delivered to every node (this one too) when
  // the job's transaction commits, and not if its savepoint is undone.
  static void tell_nodes(PgConnection& db, TimedWork work, std::int64_t id);

  static ClaimAnswer claim_timed_work(PgConnection& db, TimedWork work, const Claim& claim);

  // "WITH <as> AS (...) ": claims up to ?2 rows of `outbox` due at ?1 (the
  // server's unix seconds) for node ?3, for ?4 milliseconds of the database's
  // clock; <as> holds the claimed rows, for the caller's SELECT. One text for
  // both outboxes, so that they cannot claim differently.
  static std::string due_outbox_rows(std::string_view outbox, std::string_view as);
  static void bind_claim(PgStatement& s, const Claim& claim) { s.bind(3, claim.node).bind(4, claim.lasts_ms); }

  // When node ?2 should look at `outbox` next, in the server's unix seconds
  // counted from ?1: a row's next attempt, or, for a row another node holds a
  // live claim on, when that claim ends.
  static std::string next_due_in_outbox(std::string_view outbox);
  // A condition on the outbox row `row` (its alias): no node holds a live
  // claim on it (never claimed, its claim ended or expired).
  static std::string unclaimed(std::string_view row);
  static void bind_next_due(PgStatement& s, std::int64_t now, const Claim& claim) {
    s.bind(1, now).bind(2, claim.node);
  }
};

}  // namespace sp::server
