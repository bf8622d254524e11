-- PostgreSQL twin of schema/0012_timed_claims.sql (same columns and table;
-- BIGINT for SQLite's 64-bit INTEGER).
-- Timed work that is no table's, done once among the nodes sharing this
-- database (docs/scaling.md "Timed work"). An outbox row due to be sent is
-- claimed by one node until claimed_until_ms (the database's clock): long
-- enough to send it and record the outcome. Only the claimant records the
-- outcome, which ends the claim; a dead node's claim expires and another
-- node takes the row.
ALTER TABLE webhook_outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE webhook_outbox ADD COLUMN claimed_until_ms BIGINT;
ALTER TABLE email_outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE email_outbox ADD COLUMN claimed_until_ms BIGINT;

-- Work done by one node for a while (the daily retention sweep).
CREATE TABLE timed_claims (
  work          TEXT PRIMARY KEY,
  node          TEXT NOT NULL,
  expires_at_ms BIGINT NOT NULL
);
