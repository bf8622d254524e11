// NodeBus: what this node tells the other `spb serve` nodes sharing its
// PostgreSQL database about users and tables (docs/scaling.md,
// "Notifications"): a frame for a user's connections (a notification, such
// as your_turn), a frame for a table's watchers (a chat line), and sessions
// that end (a logout, everywhere). Each node hands what it hears to its own
// connections; the sender has already handed it to its own.
//
// `publish` is empty on a single node (SQLite, or nothing to tell). It is
// set once at start-up, before serving; send() is then safe from any thread
// (the PostgreSQL publisher, NodeLeases, sends on its own thread).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace sp::server {

struct NodeBus {
  enum class Kind : char {
    kUser = 'u',      // `text`: a frame for user `id`'s connections
    kTable = 't',     // `text`: a frame for table `id`'s watchers
    kSessions = 's',  // `text`: which of user `id`'s sessions end, and why (connection_identity.hpp)
  };

  std::function<void(Kind kind, std::int64_t id, std::string text)> publish;

  void send(Kind kind, std::int64_t id, std::string text) const {
    if (publish) publish(kind, id, std::move(text));
  }
};

}  // namespace sp::server
