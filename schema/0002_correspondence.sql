-- Correspondence play (issue 7): who controls each seat, move deadlines,
-- timeouts, vacations, notifications and webhook deliveries.

-- Robot pseudo-users sit at tables like anyone; they can never log in.
ALTER TABLE users ADD COLUMN is_robot INTEGER NOT NULL DEFAULT 0;
-- Optional http:// address that receives a JSON POST per notification.
ALTER TABLE users ADD COLUMN webhook_url TEXT;

-- human: the seated user plays; robot: the server plays with the robot;
-- absent: the seat passes on its own (see docs/correspondence.md).
ALTER TABLE seats ADD COLUMN controller TEXT NOT NULL DEFAULT 'human';
-- Deadlines this seat let pass, counted for the table's timeout policy.
ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;

-- Who chose a move: player, robot, timeout or absent. Replays read only seat
-- and action; this is for people reading the log.
ALTER TABLE moves ADD COLUMN actor TEXT NOT NULL DEFAULT 'player';

-- The table's pace, chosen at creation: seconds per move (NULL: no limit), and
-- after how many timeouts of a seat who takes it over (robot or absent; NULL:
-- nobody, the seat keeps passing at each timeout).
ALTER TABLE game_tables ADD COLUMN move_seconds INTEGER;
ALTER TABLE game_tables ADD COLUMN takeover_after INTEGER;
ALTER TABLE game_tables ADD COLUMN takeover_by TEXT;
-- The deadline of the move awaited (unix seconds), NULL when there is none or
-- while it is paused by a vacation; then deadline_left holds the seconds left.
ALTER TABLE game_tables ADD COLUMN deadline_at INTEGER;
ALTER TABLE game_tables ADD COLUMN deadline_left INTEGER;
CREATE INDEX game_tables_by_deadline ON game_tables(deadline_at) WHERE deadline_at IS NOT NULL;

-- Declared days away. A vacation ends at ends_at, or earlier at ended_at when
-- the player comes back; the days used count against a yearly allowance.
CREATE TABLE vacations (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id),
  starts_at  INTEGER NOT NULL,
  ends_at    INTEGER NOT NULL,
  ended_at   INTEGER
);
CREATE INDEX vacations_by_user ON vacations(user_id, starts_at);

CREATE TABLE notifications (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id),
  kind       TEXT NOT NULL,               -- your_turn, table_started, timed_out, game_ended, invited
  table_id   INTEGER REFERENCES game_tables(id),
  body_json  TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  read_at    INTEGER
);
CREATE INDEX notifications_by_user ON notifications(user_id, id);

-- Webhook deliveries still to send or already settled.
CREATE TABLE webhook_outbox (
  id              INTEGER PRIMARY KEY,
  notification_id INTEGER NOT NULL REFERENCES notifications(id),
  url             TEXT NOT NULL,
  body_json       TEXT NOT NULL,
  status          TEXT NOT NULL,          -- pending, delivered, given_up
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_error      TEXT,
  updated_at      INTEGER NOT NULL
);
CREATE INDEX webhook_outbox_pending ON webhook_outbox(next_attempt_at) WHERE status = 'pending';
