#include "server/store/pg/pg_leases.hpp"

#include "server/store/pg/pg_clock.hpp"
#include "server/store/pg/pg_connection.hpp"

namespace sp::server {

PgLeases::PgLeases(const std::string& conninfo, std::string node, std::int64_t lease_ms)
    : owned_(std::make_unique<PgConnection>(conninfo)), connection_(*owned_), node_(std::move(node)), lease_ms_(lease_ms) {
  configure();
}

PgLeases::~PgLeases() = default;

void PgLeases::ready() {
  if (!connection_.broken()) return;
  connection_.reconnect();
  configure();
}

void PgLeases::configure() {
  // A writer paused inside a transaction holds the lease rows it checked; a
  // taker waits for it at most this long (its session is ended by
  // idle_in_transaction_session_timeout, pg_backend.cpp), then tries again
  // at the next beat.
  connection_.exec("SET lock_timeout = '" + std::to_string(lease_ms_) + "ms'");
}

std::optional<std::int64_t> PgLeases::acquire(std::int64_t table_id) {
  ready();
  static const std::string sql = with_database_now(
      "INSERT INTO table_leases (table_id, node, epoch, expires_at_ms) VALUES ($1, $2, 1, NOW_MS + $3) "
      "ON CONFLICT (table_id) DO UPDATE SET node = excluded.node, epoch = table_leases.epoch + 1, "
      "expires_at_ms = excluded.expires_at_ms "
      "WHERE table_leases.expires_at_ms <= NOW_MS OR table_leases.node = excluded.node "
      "RETURNING epoch");
  auto taken = connection_.prepare(sql);
  taken.bind(1, table_id).bind(2, node_).bind(3, lease_ms_);
  if (!taken.step()) return std::nullopt;
  return taken.column_int(0);
}

void PgLeases::release(std::int64_t table_id, std::int64_t epoch) {
  ready();
  connection_.prepare("UPDATE table_leases SET expires_at_ms = 0 WHERE table_id = $1 AND node = $2 AND epoch = $3")
      .bind(1, table_id)
      .bind(2, node_)
      .bind(3, epoch)
      .run();
}

std::vector<std::pair<std::int64_t, std::int64_t>> PgLeases::renew() {
  ready();
  // One UPDATE of every lease of the node would wait for the rows the
  // store's transaction holds FOR SHARE (a write under way) while that
  // transaction waits for rows the UPDATE already holds: a deadlock, which
  // PostgreSQL breaks only after a second. So the rows nobody holds are
  // renewed at once, skipping the others, and each of those is then renewed
  // alone: a single-row UPDATE waits only for the write that holds it, and
  // holds nothing anyone waits for.
  static const std::string at_once = with_database_now(
      "WITH free AS (SELECT table_id FROM table_leases WHERE node = $1 AND expires_at_ms > NOW_MS "
      "FOR NO KEY UPDATE SKIP LOCKED), "
      "renewed AS (UPDATE table_leases l SET expires_at_ms = NOW_MS + $2 FROM free "
      "WHERE l.table_id = free.table_id RETURNING l.table_id, l.epoch) "
      "SELECT table_id, epoch, true FROM renewed "
      "UNION ALL SELECT table_id, epoch, false FROM table_leases WHERE node = $1 AND expires_at_ms > NOW_MS "
      "AND table_id NOT IN (SELECT table_id FROM free)");
  static const std::string alone = with_database_now(
      "UPDATE table_leases SET expires_at_ms = NOW_MS + $3 WHERE table_id = $1 AND node = $2 "
      "AND expires_at_ms > NOW_MS RETURNING epoch");
  auto renewed = connection_.prepare(at_once);
  renewed.bind(1, node_).bind(2, lease_ms_);
  std::vector<std::pair<std::int64_t, std::int64_t>> held;
  std::vector<std::int64_t> busy;
  while (renewed.step()) {
    if (renewed.column_int(2) != 0) {
      held.emplace_back(renewed.column_int(0), renewed.column_int(1));
    } else {
      busy.push_back(renewed.column_int(0));
    }
  }
  for (const std::int64_t table_id : busy) {
    auto one = connection_.prepare(alone);
    one.bind(1, table_id).bind(2, node_).bind(3, lease_ms_);
    if (one.step()) held.emplace_back(table_id, one.column_int(0));
  }
  return held;
}

std::vector<std::int64_t> PgLeases::orphans(int limit) {
  ready();
  static const std::string sql = with_database_now(
      "SELECT t.id FROM game_tables t LEFT JOIN table_leases l ON l.table_id = t.id "
      "WHERE t.status = 'playing' AND (l.table_id IS NULL OR l.expires_at_ms <= NOW_MS) ORDER BY t.id LIMIT $1");
  auto found = connection_.prepare(sql);
  found.bind(1, static_cast<std::int64_t>(limit));
  std::vector<std::int64_t> ids;
  while (found.step()) ids.push_back(found.column_int(0));
  return ids;
}

void PgLeases::notify(const std::string& channel, const std::string& payload) {
  ready();
  connection_.prepare("SELECT pg_notify($1, $2)").bind(1, channel).bind(2, payload).run();
}

std::optional<PgLeases::Holder> PgLeases::holder(std::int64_t table_id) {
  ready();
  static const std::string sql = with_database_now(
      "SELECT node, EXISTS (SELECT 1 FROM pg_stat_activity WHERE application_name = table_leases.node)::int "
      "FROM table_leases WHERE table_id = $1 AND expires_at_ms > NOW_MS");
  auto found = connection_.prepare(sql);
  found.bind(1, table_id);
  if (!found.step()) return std::nullopt;
  return Holder{found.column_text(0), found.column_int(1) != 0};
}

}  // namespace sp::server
