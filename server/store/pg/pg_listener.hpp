// PgListener: PostgreSQL's LISTEN on a connection of its own, for what one
// node tells the others (docs/scaling.md, "Notifications"): a table handed
// over, a move committed, a user's event. The owner waits for its socket()
// to be readable (Asio, on the node's own thread), then drain()s what arrived.
// NOTIFY is sent by any other connection, usually inside the transaction of
// the change it announces, so it is delivered exactly when that commits.
//
// Used by one thread at a time. Failures throw DatabaseError; after one the
// caller opens a new listener (notifications sent meanwhile are lost, so it
// must then catch up from the database).
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace sp::server {

class PgConnection;

struct PgNotification {
  std::string channel;
  std::string payload;
};

class PgListener {
 public:
  PgListener(const std::string& conninfo, const std::vector<std::string>& channels);
  ~PgListener();
  PgListener(const PgListener&) = delete;
  PgListener& operator=(const PgListener&) = delete;

  // The connection's socket, to wait on for reading.
  int socket();
  // Reads what the socket holds and returns the notifications received.
  std::vector<PgNotification> drain();

 private:
  const std::unique_ptr<PgConnection> connection_;
};

}  // namespace sp::server
