-- Accounts, tables, seats, the move log, snapshots and chat.
-- Applied once by the server at start-up; PRAGMA user_version records the
-- number of the last migration applied.

CREATE TABLE users (
  id            INTEGER PRIMARY KEY,
  name          TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,            -- libsodium crypto_pwhash_str (Argon2id)
  created_at    INTEGER NOT NULL          -- unix seconds
);

CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,            -- hex BLAKE2b of the token; the token itself is never stored
  user_id    INTEGER NOT NULL REFERENCES users(id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_by_user ON sessions(user_id);

CREATE TABLE game_tables (
  id               INTEGER PRIMARY KEY,
  name             TEXT NOT NULL,
  creator_id       INTEGER NOT NULL REFERENCES users(id),
  status           TEXT NOT NULL,         -- open, playing, finished, aborted
  player_count     INTEGER NOT NULL,
  options_json     TEXT NOT NULL,
  seed             INTEGER NOT NULL,      -- secret until the game ends
  card_set_version TEXT NOT NULL,
  rules_version    INTEGER NOT NULL,
  move_count       INTEGER NOT NULL DEFAULT 0,
  state_hash       TEXT,
  created_at       INTEGER NOT NULL,
  updated_at       INTEGER NOT NULL
);
CREATE INDEX game_tables_by_status ON game_tables(status);

CREATE TABLE seats (
  table_id INTEGER NOT NULL REFERENCES game_tables(id),
  seat     INTEGER NOT NULL,
  user_id  INTEGER NOT NULL REFERENCES users(id),
  PRIMARY KEY (table_id, seat),
  UNIQUE (table_id, user_id)
);
CREATE INDEX seats_by_user ON seats(user_id);

CREATE TABLE invitations (
  table_id   INTEGER NOT NULL REFERENCES game_tables(id),
  user_id    INTEGER NOT NULL REFERENCES users(id),
  invited_by INTEGER NOT NULL REFERENCES users(id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (table_id, user_id)
);

-- The append-only move log: one row per accepted action.
CREATE TABLE moves (
  table_id    INTEGER NOT NULL REFERENCES game_tables(id),
  move_number INTEGER NOT NULL,           -- 1, 2, 3, ...
  seat        INTEGER NOT NULL,
  action_json TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  state_hash  TEXT NOT NULL,              -- the state after this move
  PRIMARY KEY (table_id, move_number)
) WITHOUT ROWID;

CREATE TABLE snapshots (
  table_id    INTEGER NOT NULL REFERENCES game_tables(id),
  move_number INTEGER NOT NULL,
  state       BLOB NOT NULL,
  PRIMARY KEY (table_id, move_number)
) WITHOUT ROWID;

CREATE TABLE chat (
  id         INTEGER PRIMARY KEY,
  table_id   INTEGER NOT NULL REFERENCES game_tables(id),
  user_id    INTEGER NOT NULL REFERENCES users(id),
  text       TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX chat_by_table ON chat(table_id, id);
