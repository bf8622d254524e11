// A Subscriber receives a table's pushes and a user's notifications (a
// WebSocket session). Tables hold subscribers by weak_ptr, so a closed
// connection simply stops receiving.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace sp::server {

// Which identity of a connection a frame was made for. A connection's epoch
// changes whenever the user it speaks for does (login, logout, a session
// ended elsewhere), and a connection drops every frame made for an epoch that
// is not its current one: a view pushed for the former user, already on its
// way when the identity changed, is never sent.
using IdentityEpoch = std::uint64_t;

class Subscriber {
 public:
  virtual ~Subscriber() = default;
  // Queues a frame made for the connection's identity `epoch`; safe from any
  // thread, never blocks.
  virtual void send(std::shared_ptr<const std::string> frame, IdentityEpoch epoch) = 0;
};

}  // namespace sp::server
