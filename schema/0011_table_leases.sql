-- Ownership of a table by one `spb serve` node among several sharing one
-- PostgreSQL database (issue 16, docs/scaling.md). A single SQLite server
-- owns every table and never writes here; the table exists so that a schema
-- version means the same tables in both backends.
--
-- A lease is taken with epoch + 1 when it is free or expired, renewed by its
-- node, and released by setting expires_at_ms to 0 (the row stays, so epochs
-- only grow). Every write of a table's move checks node, epoch and expiry in
-- its own transaction: the epoch is the fencing token.
CREATE TABLE table_leases (
  table_id      INTEGER PRIMARY KEY REFERENCES game_tables(id),
  node          TEXT NOT NULL,
  epoch         INTEGER NOT NULL,
  expires_at_ms INTEGER NOT NULL  -- milliseconds since 1970 on the database's clock
);
CREATE INDEX table_leases_node ON table_leases(node);
