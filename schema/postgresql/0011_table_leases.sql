-- PostgreSQL twin of schema/0011_table_leases.sql (same table and columns;
-- BIGINT for SQLite's 64-bit INTEGER).
-- Ownership of a table by one `spb serve` node among several sharing this
-- database (issue 16, docs/scaling.md): taken with epoch + 1 when free or
-- expired, renewed by its node, released by setting expires_at_ms to 0 (the
-- row stays, so epochs only grow). Every write of a table's move checks node,
-- epoch and expiry in its own transaction: the epoch is the fencing token.
-- Times are the database's clock, never a node's.
CREATE TABLE table_leases (
  table_id      BIGINT PRIMARY KEY REFERENCES game_tables(id),
  node          TEXT NOT NULL,
  epoch         BIGINT NOT NULL,
  expires_at_ms BIGINT NOT NULL
);
CREATE INDEX table_leases_node ON table_leases(node);
