// UserChannels: the open connections of each logged-in user, so that a
// notification reaches every tab and device the user has open, and so that a
// session that ends (logout, a password change, an administrator) ends on
// every connection that holds it.
//
// Each entry records the connection's identity epoch when it was added: a notification is made for that epoch (subscriber.hpp), so it is
// dropped if the connection has changed hands since. Entries are weak: a
// closed connection stops receiving at once and is dropped at the next send
// or when it says goodbye (remove).
//
// Thread-safety: every method is safe from any thread; one mutex, held only to
// copy the list out, never while sending.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/session/connection.hpp"

namespace sp::server {

class UserChannels {
 public:
  void add(std::int64_t user_id, const std::shared_ptr<Connection>& connection, IdentityEpoch epoch);
  void remove(std::int64_t user_id, const Connection* connection);
  // Sends `frame` to every open connection of the user; returns how many.
  std::size_t send(std::int64_t user_id, const std::shared_ptr<const std::string>& frame);
  // The user's open connections (which session each holds is in its state).
  std::vector<std::shared_ptr<Connection>> holders(std::int64_t user_id);

 private:
  struct Channel {
    const Connection* key;
    std::weak_ptr<Connection> connection;
    IdentityEpoch epoch;
  };
  std::mutex mutex_;
  std::unordered_map<std::int64_t, std::vector<Channel>> users_;  // guarded by mutex_
};

}  // namespace sp::server
