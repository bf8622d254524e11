-- PostgreSQL twin of schema/0004_retention.sql (same tables and columns; BIGINT for
-- SQLite's 64-bit INTEGER).
-- Retention (docs/operations.md): once a day the server deletes settled webhook
-- deliveries and read notifications older than its settings, and expired
-- login sessions. These indexes
-- keep that sweep proportional to what it deletes rather than to the tables.

-- Settled deliveries by age; pending ones are never deleted, so not indexed.
-- The sweep's WHERE repeats this condition word for word: SQLite uses a
-- partial index only for a query whose terms contain its own.
CREATE INDEX webhook_outbox_settled ON webhook_outbox(updated_at) WHERE status IN ('delivered', 'given_up');
-- A notification goes only once no delivery refers to it; without this index
-- that check (and the foreign key's on each delete) scans the whole outbox.
CREATE INDEX webhook_outbox_by_notification ON webhook_outbox(notification_id);
-- Read notifications by when they were read; unread ones are never deleted.
CREATE INDEX notifications_read ON notifications(read_at) WHERE read_at IS NOT NULL;
-- Sessions by expiry: the sweep deletes those that can no longer be resumed.
CREATE INDEX sessions_by_expiry ON sessions(expires_at);
