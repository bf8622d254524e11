-- Email notices (issue 17, docs/notifications.md): a player's confirmed
-- address, their choice per kind of notice, the email outbox, the deadline
-- warnings already given, and the key that signs unsubscribe links.

-- At most one address per account. The confirmation token is kept only as its
-- hash, and only until it is used or replaced.
CREATE TABLE user_emails (
  user_id            INTEGER PRIMARY KEY REFERENCES users(id),
  address            TEXT NOT NULL,
  confirmed_at       INTEGER,
  confirm_hash       TEXT,
  confirm_expires_at INTEGER,
  updated_at         INTEGER NOT NULL
);
CREATE UNIQUE INDEX user_emails_by_confirm_hash ON user_emails(confirm_hash) WHERE confirm_hash IS NOT NULL;

-- How and when a player wants to be told. NULL quiet hours: none. The time
-- zone is an IANA name; next_digest_at is when the daily digest is due.
CREATE TABLE notice_settings (
  user_id        INTEGER PRIMARY KEY REFERENCES users(id),
  language       TEXT NOT NULL DEFAULT 'en',
  time_zone      TEXT NOT NULL DEFAULT 'UTC',
  digest_hour    INTEGER NOT NULL DEFAULT 8,
  quiet_from     INTEGER,
  quiet_until    INTEGER,
  next_digest_at INTEGER
);
CREATE INDEX notice_settings_by_digest ON notice_settings(next_digest_at) WHERE next_digest_at IS NOT NULL;

-- Per kind of notice (your_turn, deadline_near, robot_took_seat, game_over,
-- invitation, chat_mention): immediate, digest or never. A kind without a row
-- takes its default (docs/notifications.md).
CREATE TABLE notice_choices (
  user_id  INTEGER NOT NULL REFERENCES users(id),
  kind     TEXT NOT NULL,
  delivery TEXT NOT NULL,
  PRIMARY KEY (user_id, kind)
);

-- Emails still to send or already settled. The idempotency key names what the
-- email is for (a notification, a day's digest, a confirmation): one row per
-- key, whatever retries or restarts happen. The message is composed when it
-- is sent, from the rows it names, in the player's language of that moment.
CREATE TABLE email_outbox (
  id              INTEGER PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  user_id         INTEGER NOT NULL REFERENCES users(id),
  purpose         TEXT NOT NULL,          -- notice, digest, confirm
  notification_id INTEGER REFERENCES notifications(id),
  payload_json    TEXT NOT NULL,
  status          TEXT NOT NULL,          -- pending, delivered, given_up
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  created_at      INTEGER NOT NULL,
  last_error      TEXT,
  updated_at      INTEGER NOT NULL
);
CREATE INDEX email_outbox_pending ON email_outbox(next_attempt_at) WHERE status = 'pending';
CREATE INDEX email_outbox_by_notification ON email_outbox(notification_id);

-- A deadline warning is given once per move deadline and warning.
CREATE TABLE deadline_warnings (
  table_id     INTEGER NOT NULL REFERENCES game_tables(id),
  deadline_at  INTEGER NOT NULL,
  hours_before INTEGER NOT NULL,
  PRIMARY KEY (table_id, deadline_at, hours_before)
);

-- Secrets the server makes once and keeps (the key that signs unsubscribe links).
CREATE TABLE server_keys (
  purpose    TEXT PRIMARY KEY,
  key_hex    TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- The player whose move a playing table awaits (NULL: nobody human), written
-- with each move, for the digest's list of tables waiting for a player.
ALTER TABLE game_tables ADD COLUMN waiting_user_id INTEGER REFERENCES users(id);
CREATE INDEX game_tables_by_waiting_user ON game_tables(waiting_user_id) WHERE waiting_user_id IS NOT NULL;
