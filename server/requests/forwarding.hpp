// Forwarder: carries a request for a table another node plays to that node,
// and its answer back (docs/scaling.md, "Routing"). A table stays on the node
// that plays it; its lease moves only when that node dies, leaves or does not
// answer.
//
// The carrier is a direct connection to the node (server/net/peer_link.hpp)
// when the nodes have peer addresses (--peer-listen), else PostgreSQL's
// LISTEN/NOTIFY (channel spb_forward, through NodeLeases), which every node
// already listens on: no address of another node, no port and no credential
// beyond the database's own, at the cost of a transaction each way. A request is
// carried as the frame the client sent, re-encoded, with who sent it: the
// node that plays the table runs it as if its own connection had, on a
// CarriedConnection, and sends back the one frame it answers. The asker hands
// that frame to its client. What the move changes reaches the asker's
// watchers as any other node's write does: through its copy that follows the
// table (table_follow.cpp).
//
// A request longer than a notification may be (8000 bytes), or unanswered
// within `patience` (the node died or hangs), is not carried: the asker takes
// the table instead, as a node did before forwarding (Reach::kTake). An `act`
// done twice that way is answered `duplicate` (its move number).
//
// Thread-safety: carry() and heard() are safe from any thread.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "protocol/carried_request.hpp"
#include "server/base/metrics.hpp"
#include "server/table/node_leases.hpp"

namespace sp::server {

struct Services;

using protocol::CarriedIdentity;

// What came of a carried request.
struct CarriedAnswer {
  enum class Kind : std::uint8_t {
    kFrame,          // `frame` answers it: send it to the client
    kUnanswered,     // not carried (too long), or not answered in time: nothing is known of it
    kAnswerTooLong,  // done there, but its answer was too long to carry back
  };
  Kind kind = Kind::kUnanswered;
  std::string frame;
};

class Forwarder {
 public:
  using Answered = std::function<void(CarriedAnswer)>;
  // Sends a carried request or answer to a node; false when it cannot (too
  // long for a notification).
  using Transport = std::function<bool(const std::string& to, std::string message)>;

  Forwarder(boost::asio::any_io_executor executor, NodeLeases& leases, Metrics& metrics,
            std::chrono::milliseconds patience);
  ~Forwarder();
  Forwarder(const Forwarder&) = delete;
  Forwarder& operator=(const Forwarder&) = delete;

  // Carries over `transport` rather than NOTIFY spb_forward. REQUIRES: called
  // before any carry().
  void carry_over(Transport transport) { transport_ = std::move(transport); }
  // Carries `frame`, sent by `identity`, to node `to`. `answered` runs once,
  // on any thread.
  void carry(const std::string& to, const CarriedIdentity& identity, const std::string& frame, Answered answered);
  // A carried request or answer addressed to this node (NodeLeases' hook).
  void heard(Services& services, const std::string& payload);

 private:
  struct Pending {
    Answered answered;
    std::unique_ptr<boost::asio::steady_timer> patience;
  };

  void serve(Services& services, const std::string& from, const std::string& number, const std::string& identity,
             std::string frame);
  void answer(std::uint64_t number, CarriedAnswer answer);

  // Constant after construction.
  const boost::asio::any_io_executor executor_;
  NodeLeases& leases_;
  Metrics& metrics_;
  const std::chrono::milliseconds patience_;
  Transport transport_;

  std::mutex mutex_;
  std::uint64_t next_ = 1;                    // guarded by mutex_
  std::map<std::uint64_t, Pending> pending_;  // carried and not yet answered; guarded by mutex_
};

}  // namespace sp::server
