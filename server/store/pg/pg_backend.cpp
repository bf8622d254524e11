#include "server/store/pg/pg_backend.hpp"

#include <libpq-fe.h>

#include <string>

namespace sp::server {

PgBackend::PgBackend(const std::string& conninfo, bool durable, std::int64_t idle_transaction_ms)
    : connection_(conninfo), durable_(durable), idle_transaction_ms_(idle_transaction_ms) {
  configure();
}

void PgBackend::configure() {
  // Stated, not inherited from the server's settings: an acknowledged move
  // must be on disk.
  connection_.exec(durable_ ? "SET synchronous_commit = on" : "SET synchronous_commit = off");
  if (idle_transaction_ms_ > 0) {
    connection_.exec("SET idle_in_transaction_session_timeout = '" + std::to_string(idle_transaction_ms_) + "ms'");
  }
}

void PgBackend::begin() {
  // A connection lost between batches (PostgreSQL restarted) is opened again:
  // no transaction was open on it, so nothing acknowledged is lost.
  if (connection_.broken()) {
    connection_.reconnect();
    configure();
  }
  // From BEGIN to COMMIT, what needs no answer at once goes down libpq's
  // pipeline: a job costs two round trips to the server (its first read,
  // usually the lease check, and its end) instead of one per statement.
  connection_.pipelining(true);
  connection_.prepare("BEGIN").send();
}

void PgBackend::commit() {
  // PostgreSQL answers COMMIT of a transaction an error spoiled with ROLLBACK,
  // not an error: nothing of the batch may then be acknowledged.
  connection_.pipelining(false);
  if (connection_.exec("COMMIT") != "COMMIT") throw DatabaseError("commit: the transaction was rolled back");
}

void PgBackend::rollback() noexcept {
  connection_.discard_in_flight();
  connection_.pipelining(false);
  if (connection_.broken()) return;
  PQclear(PQexec(connection_.handle(), "ROLLBACK"));
}

void PgBackend::begin_job() { connection_.prepare("SAVEPOINT job").send(); }

void PgBackend::end_job() {
  // Settled here, so that a failure of this job's statements fails this job
  // and not the next one.
  connection_.prepare("RELEASE SAVEPOINT job").send();
  connection_.settle();
}

void PgBackend::undo_job() {
  connection_.discard_in_flight();
  connection_.prepare("ROLLBACK TO SAVEPOINT job").run();
  connection_.prepare("RELEASE SAVEPOINT job").run();
}

}  // namespace sp::server
