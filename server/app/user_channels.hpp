// UserChannels: the open connections of each logged-in user, so that a
// notification reaches every tab and device the user has open.
//
// Entries are weak: a closed connection stops receiving at once and is
// dropped at the next send or when it says goodbye (remove).
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

#include "server/app/subscriber.hpp"

namespace sp::server {

class UserChannels {
 public:
  void add(std::int64_t user_id, const std::shared_ptr<Subscriber>& connection);
  void remove(std::int64_t user_id, const Subscriber* connection);
  // Sends `frame` to every open connection of the user; returns how many.
  std::size_t send(std::int64_t user_id, const std::shared_ptr<const std::string>& frame);

 private:
  struct Channel {
    const Subscriber* key;
    std::weak_ptr<Subscriber> connection;
  };
  std::mutex mutex_;
  std::unordered_map<std::int64_t, std::vector<Channel>> users_;  // guarded by mutex_
};

}  // namespace sp::server
