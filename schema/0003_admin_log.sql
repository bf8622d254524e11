-- The administrators' log: every administrative act, who did it and when.
-- Administration is by token, which is no person: `who` names the
-- connection's logged-in user if any, else "administrator" (or "command line"
-- for spb admin), and `address` the remote address when known.
CREATE TABLE admin_actions (
  id         INTEGER PRIMARY KEY,
  at         INTEGER NOT NULL,            -- unix seconds
  who        TEXT NOT NULL,
  user_id    INTEGER REFERENCES users(id),
  address    TEXT,
  request    TEXT NOT NULL,               -- admin_abort, admin_view, import, ...
  table_id   INTEGER,
  arguments  TEXT NOT NULL,               -- the request's fields as JSON
  outcome    TEXT NOT NULL                -- "ok" or the refusal's error code
);
CREATE INDEX admin_actions_by_table ON admin_actions(table_id, id);
