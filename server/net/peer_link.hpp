// PeerLink: the direct connections between nodes that carry requests for a
// table to the node that plays it, and their answers back
// (server/requests/forwarding.hpp; docs/scaling.md, "Routing").
//
// Without it, a carried request travels as a PostgreSQL notification, which
// costs a transaction each way and, worse, waits for PostgreSQL's one lock
// on the commits of notifying transactions, which every move's commit takes
// too. With it, a request is one message on a TCP connection held open to
// its node.
//
// - Each node listens on its peer address (--peer-listen) and tells the
//   others where it is and the token a connection must present
//   (announcement()), through the database they share (NodeLeases announces
//   it every beat). The token is random per run: only a session of the
//   database hears it, and a node restarted with another token is reached
//   again at its next announcement.
// - send() writes a message to the node named: on the connection held to it,
//   opened on first use. A node not yet heard of, or whose connection
//   fails, gets its messages through `fallback` (NOTIFY spb_forward) instead:
//   none is dropped. A message written before the connection failed is not
//   sent again (the asker's patience covers a node that died with it).
// - A message is a 4-byte big-endian length and its bytes; the first message
//   of a connection is the token, and a connection presenting another is
//   closed before anything it sends is read.
//
// Thread-safety: every public method is safe from any thread; `received` and
// `fallback` are called on the server's threads. Destroyed once the
// io_context has stopped, before it goes.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "server/base/metrics.hpp"

namespace sp::server {

class PeerLink {
 public:
  using Received = std::function<void(std::string message)>;
  using Fallback = std::function<bool(const std::string& to, std::string message)>;

  // Listens on `acceptor` (bound and listening); `address` is HOST:PORT as
  // the other nodes reach it.
  PeerLink(boost::asio::any_io_executor executor, boost::asio::ip::tcp::acceptor acceptor, std::string address,
           Metrics& metrics);
  ~PeerLink();
  PeerLink(const PeerLink&) = delete;
  PeerLink& operator=(const PeerLink&) = delete;

  // Starts accepting; `received` gets each message another node sends here.
  void start(Received received, Fallback fallback);
  // What this node announces: its address and token, for heard().
  std::string announcement() const;
  // Another node's announcement. False when it is not one.
  bool heard(const std::string& node, const std::string& announcement);
  // Sends `message` to node `to`, directly or through the fallback; false
  // only when the fallback refused it (too long for a notification).
  bool send(const std::string& to, std::string message);

 private:
  class Outbound;
  class Inbound;
  struct Peer {
    std::string address;
    std::string token;
  };

  void accept();
  // A failed connection is dropped; the next message opens another.
  void forget(const std::string& node, const Outbound* connection);

  // Constant after construction.
  boost::asio::strand<boost::asio::any_io_executor> strand_;
  const std::string address_;
  const std::string token_;
  Metrics& metrics_;

  // Set by start(), before any message.
  Received received_;
  Fallback fallback_;

  std::mutex mutex_;
  std::map<std::string, Peer> peers_;  // node -> where it listens; guarded by mutex_

  // On strand_ only.
  boost::asio::ip::tcp::acceptor acceptor_;
  std::map<std::string, std::shared_ptr<Outbound>> outbound_;  // node -> the connection held to it
  std::map<Inbound*, std::weak_ptr<Inbound>> inbound_;
};

// The largest message a peer connection carries: a client's largest frame
// (--max-frame is at most a mebibyte) with who sent it.
inline constexpr std::size_t kMaxPeerMessage = 2 * 1024 * 1024;

}  // namespace sp::server
