// The policy of SqlRecords (sql_records.hpp) for one server alone on its
// SQLite file: no other node to prove a lease to, to claim timed work from or
// to tell of it. Every claim is this node's, so none is written
// (timed_claim.hpp). SeveralNodes (pg/several_nodes.hpp) is the same surface
// for nodes sharing PostgreSQL.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "server/store/lease.hpp"
#include "server/store/sqlite/database.hpp"
#include "server/store/sql_records.hpp"
#include "server/store/timed_claim.hpp"

namespace sp::server {

struct OneNode {
  using Connection = Database;

  // users.name is COLLATE NOCASE (schema/0001_init.sql): its unique index
  // answers a name in any case. Nobody else reads the due digests, and no
  // claim was written, so none is ended.
  // SQLite has one writer at a time: a write transaction holds everything already.
  static constexpr NodeClauses kClauses{"name = ?", "", "", ""};

  // The same check as SeveralNodes', for the tests that run both backends: a
  // single SQLite server holds no leases and never asks.
  static void check_lease(Database& db, std::int64_t table_id, const LeaseFence& fence) {
    auto lease = db.prepare(
        "SELECT 1 FROM table_leases WHERE table_id = ? AND node = ? AND epoch = ? "
        "AND expires_at_ms > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)");
    lease.bind(1, table_id).bind(2, fence.node).bind(3, fence.epoch);
    if (!lease.step()) {
      throw LeaseLost("table " + std::to_string(table_id) + ": the lease of epoch " + std::to_string(fence.epoch) +
                      " is no longer " + fence.node + "'s");
    }
  }

  static void tell_nodes(Database&, TimedWork, std::int64_t) {}
  static void tell_followers(Database&, std::int64_t, std::int64_t) {}

  static ClaimAnswer claim_timed_work(Database&, TimedWork, const Claim&) { return ClaimAnswer{true, 0}; }

  // "WITH <as> AS (...) ": up to ?2 rows of `outbox` due at ?1, for the
  // caller's SELECT from <as>.
  static std::string due_outbox_rows(std::string_view outbox, std::string_view as) {
    return "WITH " + std::string(as) + " AS (SELECT * FROM " + std::string(outbox) +
           " WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?) ";
  }
  static void bind_claim(Statement&, const Claim&) {}

  // The earliest next attempt in `outbox`.
  static std::string next_due_in_outbox(std::string_view outbox) {
    return "SELECT min(next_attempt_at) FROM " + std::string(outbox) + " WHERE status = 'pending'";
  }
  static void bind_next_due(Statement&, std::int64_t, const Claim&) {}

  // A condition on the outbox row `row`: no node holds a live claim on it.
  // One node claims nothing, so every due row waits for its round.
  static std::string unclaimed(std::string_view) { return "1 = 1"; }
};

}  // namespace sp::server
