// PgLeases: the leases by which nodes sharing one PostgreSQL database each
// play their own tables (docs/scaling.md, "Ownership"). The SQL of the
// `table_leases` rows, on a connection of its own, so that renewing a node's
// leases never waits behind the store's batches. Times are the database's
// clock (clock_timestamp()), never a node's, so nodes need no synchronised
// clocks.
//
// Nothing outside server/store sees libpq: the connection is held by pointer.
//
// Used by one thread at a time (the node's lease thread). Failures throw
// DatabaseError; a lost connection is opened again at the next call.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>


namespace sp::server {

class PgConnection;

class PgLeases {
 public:
  // `lease_ms`: how long a lease lasts unless renewed.
  PgLeases(const std::string& conninfo, std::string node, std::int64_t lease_ms);
  ~PgLeases();
  PgLeases(const PgLeases&) = delete;
  PgLeases& operator=(const PgLeases&) = delete;

  const std::string& node() const { return node_; }

  // Takes the table's lease with the next epoch when it is free, expired or
  // already this node's (a node that restarted under the same name). Returns
  // the epoch, or nothing while another node holds it.
  std::optional<std::int64_t> acquire(std::int64_t table_id);
  // Gives the lease up at once (the epoch stays, for the next taker to pass).
  void release(std::int64_t table_id, std::int64_t epoch);
  // Extends every lease this node still holds, in one statement; returns them
  // (table, epoch). A lease that expired is not renewed: its table is lost.
  std::vector<std::pair<std::int64_t, std::int64_t>> renew();
  // Tables being played whose lease is free or expired (their node died or
  // gave them up): at most `limit`, oldest first.
  std::vector<std::int64_t> orphans(int limit);
  // Sends a notification to every node listening on `channel`.
  void notify(const std::string& channel, const std::string& payload);
  // Who holds the table's lease now, if anyone does, and whether that node
  // has a session open on the database (its application_name): a node
  // killed keeps its leases until they expire, but its sessions end at once.
  struct Holder {
    std::string node;
    bool connected = false;
  };
  std::optional<Holder> holder(std::int64_t table_id);

 private:
  void ready();
  void configure();

  // Its own connection (the SQL layer stays inside server/store).
  const std::unique_ptr<PgConnection> owned_;
  PgConnection& connection_;
  const std::string node_;
  const std::int64_t lease_ms_;
};

}  // namespace sp::server
