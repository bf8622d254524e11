-- Web Push and signed HTTPS webhooks (issue 17, docs/notifications-push-webhooks.md).

-- The secret a user's webhook deliveries are signed with (HMAC-SHA256), shown
-- to the user once when the webhook is set. Kept as it is: the server must
-- sign with it. Webhooks set before this migration get one they were never
-- shown; setting the webhook again shows a new one.
ALTER TABLE users ADD COLUMN webhook_secret TEXT;
UPDATE users SET webhook_secret = lower(hex(randomblob(32))) WHERE webhook_url IS NOT NULL;

-- A browser's push subscription (the PushSubscription of the Push API): where
-- its push service takes messages, and the keys they are encrypted for. An
-- endpoint belongs to one browser profile, so to one user at a time.
CREATE TABLE push_subscriptions (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id),
  endpoint   TEXT NOT NULL UNIQUE,
  p256dh     TEXT NOT NULL,               -- base64url, the browser's P-256 public key
  auth       TEXT NOT NULL,               -- base64url, the 16-byte authentication secret
  created_at INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_by_user ON push_subscriptions(user_id);

-- The server's VAPID key pair (RFC 8292), made on first use; one row.
CREATE TABLE vapid_keys (
  id          INTEGER PRIMARY KEY CHECK (id = 1),
  private_pem TEXT NOT NULL,              -- PKCS#8 PEM
  public_key  TEXT NOT NULL,              -- base64url, the uncompressed point browsers take
  created_at  INTEGER NOT NULL
);

-- The outbox carries push messages beside webhook deliveries, with the same
-- retries. A push delivery names its subscription, which may be deleted (its
-- push service said it is gone) while the delivery is kept as a record.
ALTER TABLE webhook_outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'webhook';  -- webhook, push
ALTER TABLE webhook_outbox ADD COLUMN subscription_id INTEGER;
