-- Timed work that is no table's, done once among several `spb serve` nodes
-- sharing one PostgreSQL database (issue 16, docs/scaling.md "Timed work").
-- A single SQLite server does all of it and never writes these columns or
-- this table; they exist so that a schema version means the same tables in
-- both backends.
--
-- An outbox row due to be sent is claimed by one node (claimed_by) until
-- claimed_until_ms, the database's clock: long enough for the node to send
-- it and record the outcome. Only the claimant records the outcome, which
-- ends the claim; a claim whose node died expires and another node takes it.
ALTER TABLE webhook_outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE webhook_outbox ADD COLUMN claimed_until_ms INTEGER;  -- milliseconds since 1970 on the database's clock
ALTER TABLE email_outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE email_outbox ADD COLUMN claimed_until_ms INTEGER;

-- Work done by one node for a while (the daily retention sweep): the node
-- that holds `work` does it until expires_at_ms; the others leave it alone.
CREATE TABLE timed_claims (
  work          TEXT PRIMARY KEY,  -- retention_sweep
  node          TEXT NOT NULL,
  expires_at_ms INTEGER NOT NULL   -- milliseconds since 1970 on the database's clock
);
