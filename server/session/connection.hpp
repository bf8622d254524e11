// Connection: what request handlers see of one client connection.
//
// A connection's state is touched only on the connection's own strand;
// handlers run there, and work done elsewhere (the store's thread, the
// password-hashing pool, a table's strand) comes back through post().
// Requests of one connection are handled one at a time, in order: the next
// starts when the previous one's reply is queued (request_done), so a request
// always sees what the ones before it did (a subscribe after a resume_session).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "protocol/language.hpp"
#include "server/session/subscriber.hpp"

namespace sp::server {

// Who a connection speaks for. user_id, user_name, token_hash, epoch and
// subscriptions change together, only through change_identity
// (connection_identity.hpp).
struct ConnectionState {
  bool greeted = false;
  std::optional<std::int64_t> user_id;
  std::string user_name;
  std::string token_hash;
  std::int64_t session_expires_at = 0;  // unix seconds of the server's clock, while logged in
  IdentityEpoch epoch = 0;
  std::set<std::int64_t> subscriptions;
  bool administrator = false;   // admin_login gave the administrator token
  bool bot = false;             // signed in as a third-party bot's account (docs/bots.md)
  bool settled = false;         // has logged in or subscribed: the login deadline is met
  std::string remote_address;   // "address:port", for the administrators' log
  std::string client_address;   // the client's address, for the limits per address
  protocol::Language language = protocol::Language::kEnglish;  // hello's: rule errors and move words follow it
  bool compact_updates = false;  // the first hello asked for the compact_updates capability
  bool carried = false;          // a request carried from another node (forwarding.hpp): never carried on
};

class Connection : public Subscriber, public std::enable_shared_from_this<Connection> {
 public:
  // Runs `fn` on the connection's strand.
  virtual void post(std::function<void()> fn) = 0;
  // On the strand: queues one frame, encoded by protocol/ (a reply or a message).
  virtual void respond(std::string frame) = 0;
  // On the strand: queues a frame shared with other connections (a table_update).
  virtual void deliver(std::shared_ptr<const std::string> frame) = 0;
  // On the strand only.
  virtual ConnectionState& state() = 0;
  // On the strand: the current request has been answered; the next may run.
  virtual void request_done() = 0;
};

}  // namespace sp::server
