#include "server/store/pg/pg_listener.hpp"

#include <libpq-fe.h>

#include "server/store/pg/pg_connection.hpp"

namespace sp::server {

PgListener::PgListener(const std::string& conninfo, const std::vector<std::string>& channels)
    : connection_(std::make_unique<PgConnection>(conninfo)) {
  for (const std::string& channel : channels) connection_->exec("LISTEN " + channel);
}

PgListener::~PgListener() = default;

int PgListener::socket() { return PQsocket(connection_->handle()); }

std::vector<PgNotification> PgListener::drain() {
  pg_conn* conn = connection_->handle();
  if (PQconsumeInput(conn) == 0) throw DatabaseError(std::string("listening: ") + PQerrorMessage(conn));
  std::vector<PgNotification> received;
  while (PGnotify* note = PQnotifies(conn)) {
    received.push_back(PgNotification{note->relname, note->extra});
    PQfreemem(note);
  }
  return received;
}

}  // namespace sp::server
