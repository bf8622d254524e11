// NodeLeases: this node's part in sharing one PostgreSQL database with other
// `spb serve` nodes (docs/scaling.md). Each table is played by the one node
// holding its lease; NodeLeases takes, renews, hands over and gives up those
// leases, and hears the other nodes through LISTEN.
//
// - acquire(): takes a table's lease. When another node holds it, asks that
//   node to hand it over (NOTIFY spb_handover), and takes it once released
//   (NOTIFY spb_released) or expired; gives up after two lease lengths.
// - Every third of a lease, one statement renews all of this node's leases;
//   a table whose lease was not renewed (this node was paused past it, or the
//   database was unreachable) is reported lost. The same beat adopts tables
//   whose node died (their lease expired) so they go on.
// - locate(): takes a table's lease when it is free, or tells which node
//   holds it, without asking that node for it: requests are then carried to
//   that node (server/requests/forwarding.hpp) and the table stays there.
// - Another node asking for one of this node's tables is reported
//   (`handover_asked`); the registry releases it once no write is in flight.
// - Requests and answers carried between nodes (NOTIFY spb_forward) are
//   reported (`forwarded`) when addressed to this node.
// - Where this node takes requests from other nodes directly (its peer
//   address, server/net/peer_link.hpp) is announced every beat (NOTIFY
//   spb_peers), and at once to a node heard announcing for the first time;
//   other nodes' announcements are reported (`peer`).
// - Which seats of the tables another node plays this node's connections
//   watch is told to the other nodes (NOTIFY spb_watching) when it changes
//   and again every beat (`beat`, then tell_watching()); what other nodes
//   tell is reported (`watching`).
// - What another node publishes for users and tables (node_bus.hpp) is
//   reported (`heard`); what this node publishes, it does not hear back.
// - A table written by any node is reported with what the write changed
//   (`table_news`, from the NOTIFY the write sent; server/store/table_news.hpp), or by its
//   id alone when that did not fit (`table_changed`): copies kept here for
//   watchers catch up.
// - Timed work made due by any node's write (an outbox row, a vacation, a
//   digest time; timed_claim.hpp) is reported (`timed_work`), so this node
//   schedules it too and does it should the writing node die first.
//
// All database work happens on the node's own thread (an io_context of its
// own), never on the server's threads. The hooks are called on that thread
// and must only hand over (post). Thread-safety: every public method is safe
// from any thread.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "server/base/metrics.hpp"
#include "server/session/node_bus.hpp"
#include "server/store/timed_claim.hpp"
#include "server/store/table_news.hpp"

namespace sp::server {

class PgLeases;
class PgListener;

struct NodeLeaseHooks {
  std::function<void(std::int64_t table, std::int64_t epoch)> lost;    // the lease expired or was taken
  std::function<void(std::int64_t table, std::int64_t epoch)> adopt;   // a dead node's table, taken: load it
  std::function<void(std::int64_t table, std::int64_t epoch)> handover_asked;  // another node wants this table
  std::function<void(std::int64_t table)> table_changed;               // a node wrote the table: read it
  std::function<void(TableNews news)> table_news;                       // a node wrote the table: what it wrote
  std::function<void(NodeBus::Kind kind, std::int64_t id, std::string text)> heard;  // another node's bus message
  std::function<void(TimedWorkDue due)> timed_work;                     // a node's write made timed work due
  std::function<void(std::int64_t table)> released;                    // a node gave the table's lease up
  std::function<void(std::string payload)> forwarded;                  // a carried request or answer, for this node
  std::function<void(std::string node, std::string announcement)> peer;  // another node's peer address
  std::function<void(std::string node, std::string lines)> watching;   // seats another node's connections watch
  std::function<void()> beat;                                          // a beat: time to tell what is watched here
};

class NodeLeases {
 public:
  using Acquired = std::function<void(std::optional<std::int64_t> epoch)>;
  // The lease, taken (`epoch`), or the node that holds it (`holder`), and
  // whether that node is connected to the database (a killed node is not,
  // though its lease lasts until it expires); neither when the database
  // could not say.
  struct Located {
    std::optional<std::int64_t> epoch;
    std::string holder;
    bool holder_connected = false;
  };

  // Connects twice (leases, listener). Throws DatabaseError.
  NodeLeases(const std::string& conninfo, std::string node, std::int64_t lease_ms, Metrics& metrics);
  ~NodeLeases();
  NodeLeases(const NodeLeases&) = delete;
  NodeLeases& operator=(const NodeLeases&) = delete;

  const std::string& node() const { return node_; }
  std::int64_t lease_ms() const { return lease_ms_; }

  // Starts the thread: the heartbeat and the listener. `announcement`, when
  // not empty, is told to the other nodes (their `peer` hook).
  void start(NodeLeaseHooks hooks, std::string announcement = {});
  // Stops the thread; releases every lease still held, so the other nodes
  // take the tables at once rather than after their leases expire.
  void stop();

  // Takes the table's lease (see above); `done` gets its epoch, or nothing
  // when it could not be had. Called on the node's thread.
  void acquire(std::int64_t table, Acquired done);
  // Takes the table's lease if it is free, expired or this node's; else
  // tells who holds it, asking nothing of that node. Called on any thread;
  // `done` runs on the node's thread.
  void locate(std::int64_t table, std::function<void(Located)> done);
  // At start-up, before serving: the tables free to take now, taken, with
  // their epochs. Blocks.
  std::vector<std::pair<std::int64_t, std::int64_t>> adopt_now(int limit);
  // Gives a held lease up and tells the nodes waiting for it.
  void release(std::int64_t table, std::int64_t epoch);
  // Tells the other nodes (NOTIFY spb_bus), for NodeBus::publish. A message
  // longer than PostgreSQL's limit on a notification (8000 bytes) is logged
  // and dropped: the frames sent so are a notification or a chat line.
  void publish(NodeBus::Kind kind, std::int64_t id, std::string text);
  // Sends a carried request or answer (NOTIFY spb_forward) to node `to`;
  // false when it is longer than a notification may be.
  bool forward(const std::string& to, std::string text);
  // Tells the other nodes (NOTIFY spb_watching) which seats this node's
  // connections watch: `lines`, one "table seats" line each (seats, one bit
  // each; 0 when none any more). False when longer than a notification may be.
  bool tell_watching(std::string lines);

 private:
  // Posts a NOTIFY on `channel`, and logs "could not <what>" when it fails;
  // false when `payload` is longer than a notification may be.
  bool notify_others(const std::string& channel, std::string payload, const char* what);

  struct Waiting {
    std::vector<Acquired> done;
    std::chrono::steady_clock::time_point give_up;
  };

  void beat();
  void listen();
  void on_notification(const std::string& channel, const std::string& payload);
  void try_acquire(std::int64_t table);
  void finish(std::int64_t table, std::optional<std::int64_t> epoch);
  void open_listener();
  void announce();

  // Constant after construction.
  const std::string node_;
  const std::int64_t lease_ms_;

  // Everything below is touched only on the node's thread (after start()).
  boost::asio::io_context ioc_;
  std::unique_ptr<PgLeases> leases_;
  std::unique_ptr<PgListener> listener_;
  std::unique_ptr<boost::asio::posix::stream_descriptor> socket_;
  boost::asio::steady_timer heartbeat_;
  NodeLeaseHooks hooks_;
  Metrics& metrics_;
  std::map<std::int64_t, std::int64_t> held_;     // table -> epoch
  std::map<std::int64_t, Waiting> waiting_;       // tables asked of another node
  std::string announcement_;
  std::set<std::string> peers_heard_;             // nodes whose announcement came
  const std::string conninfo_;
  std::thread thread_;
};

}  // namespace sp::server
