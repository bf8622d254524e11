// A Subscriber receives a table's pushes (a WebSocket session). Tables hold
// subscribers by weak_ptr, so a closed connection simply stops receiving.
#pragma once

#include <memory>
#include <string>

namespace sp::server {

class Subscriber {
 public:
  virtual ~Subscriber() = default;
  // Queues a frame for sending; safe from any thread, never blocks.
  virtual void send(std::shared_ptr<const std::string> frame) = 0;
};

}  // namespace sp::server
