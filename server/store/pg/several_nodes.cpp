#include "server/store/pg/several_nodes.hpp"

#include "server/store/pg/pg_clock.hpp"

namespace sp::server {

void SeveralNodes::check_lease(PgConnection& db, std::int64_t table_id, const LeaseFence& fence) {
  db.prepare("SELECT spb_check_lease(?, ?, ?)").bind(1, table_id).bind(2, fence.node).bind(3, fence.epoch).send();
}

void SeveralNodes::tell_followers(PgConnection& db, std::int64_t table_id, std::int64_t moves_before) {
  db.prepare("SELECT spb_table_news(?, ?)").bind(1, table_id).bind(2, moves_before).send();
}

void SeveralNodes::tell_nodes(PgConnection& db, TimedWork work, std::int64_t id) {
  db.prepare("SELECT pg_notify(?, ?)")
      .bind(1, kTimedWorkChannel)
      .bind(2, std::string(1, static_cast<char>(work)) + " " + std::to_string(id))
      .run();
}

ClaimAnswer SeveralNodes::claim_timed_work(PgConnection& db, TimedWork work, const Claim& claim) {
  static const std::string sql = with_database_now(
      "INSERT INTO timed_claims (work, node, expires_at_ms) VALUES (?, ?, NOW_MS + ?) "
      "ON CONFLICT (work) DO UPDATE SET node = excluded.node, expires_at_ms = excluded.expires_at_ms "
      "WHERE timed_claims.expires_at_ms <= NOW_MS OR timed_claims.node = excluded.node RETURNING node");
  auto taken = db.prepare(sql);
  taken.bind(1, to_string(work)).bind(2, claim.node).bind(3, claim.lasts_ms);
  if (taken.step()) return ClaimAnswer{true, 0};
  static const std::string held_sql =
      with_database_now("SELECT greatest(expires_at_ms - NOW_MS, 0) FROM timed_claims WHERE work = ?");
  auto held = db.prepare(held_sql);
  held.bind(1, to_string(work));
  return ClaimAnswer{false, held.step() ? held.column_int(0) : 0};
}

// The claim is written in the job's transaction and outlives it: the sending
// happens after the commit. SKIP LOCKED passes over rows another node is
// claiming this moment; FOR UPDATE reads a row claimed and committed since
// the statement began as it is now, claimed. A row is claimable when nobody
// claimed it, this node did (a node restarted under its old name takes its
// claims back at once), or the claim expired.
std::string SeveralNodes::due_outbox_rows(std::string_view outbox, std::string_view as) {
  const std::string table(outbox);
  return with_database_now("WITH " + std::string(as) + " AS (UPDATE " + table +
                           " SET claimed_by = ?3, claimed_until_ms = NOW_MS + ?4 "
                           "WHERE id IN (SELECT id FROM " + table +
                           " WHERE status = 'pending' AND next_attempt_at <= ?1 "
                           "AND (claimed_by IS NULL OR claimed_by = ?3 OR claimed_until_ms <= NOW_MS) "
                           "ORDER BY next_attempt_at, id LIMIT ?2 FOR UPDATE SKIP LOCKED) RETURNING *) ");
}

// A claim's end is counted in the remaining milliseconds on the database's
// clock, so that the two clocks need not agree.
std::string SeveralNodes::next_due_in_outbox(std::string_view outbox) {
  return with_database_now(
      "SELECT min(CASE WHEN claimed_by <> ?2 AND claimed_until_ms > NOW_MS "
      "THEN greatest(next_attempt_at, ?1 + (claimed_until_ms - NOW_MS + 999) / 1000) ELSE next_attempt_at END) "
      "FROM " + std::string(outbox) + " WHERE status = 'pending'");
}

std::string SeveralNodes::unclaimed(std::string_view row) {
  return with_database_now("coalesce(" + std::string(row) + ".claimed_until_ms, 0) <= NOW_MS");
}

}  // namespace sp::server
