-- Tournaments (issue 36, docs/tournaments.md): a competition that groups
-- tables into rounds. The tournament keeps what each of its tables is created
-- with (the create_table fields, as protocol/stored_text.hpp writes them),
-- who registered, and each round as it starts and ends; the tables themselves
-- are game_tables rows that name their tournament, round and number.
CREATE TABLE tournaments (
  id                     INTEGER PRIMARY KEY,
  name                   TEXT NOT NULL,
  creator_id             INTEGER NOT NULL REFERENCES users(id),
  status                 TEXT NOT NULL,     -- registering, playing, finished, cancelled
  format                 TEXT NOT NULL,     -- swiss, round_robin, elimination
  rounds                 INTEGER NOT NULL,  -- as planned (an elimination's from its field at the start)
  table_players          INTEGER NOT NULL,
  table_request          TEXT NOT NULL,     -- each table's create_table fields
  duplicate              INTEGER NOT NULL,  -- every table of a round dealt from one seed
  group_size             INTEGER,           -- round robin
  advance                INTEGER,           -- elimination: the places of each table that go through
  min_rating             REAL,              -- entry: the displayed rating a player needs
  max_timeout_rate       REAL,              -- entry: 0 to 1
  invitation_only        INTEGER NOT NULL,
  max_players            INTEGER,
  registration_closes_at INTEGER NOT NULL,
  starts_at              INTEGER NOT NULL,
  finish_by              INTEGER,           -- the date it holds (docs/tournaments.md "The finish date")
  projected_finish       INTEGER,           -- when it would end at its tables' pace, projected at its creation
  current_round          INTEGER NOT NULL DEFAULT 0,
  created_at             INTEGER NOT NULL,
  finished_at            INTEGER
);
CREATE INDEX tournaments_by_status ON tournaments(status, starts_at);

CREATE TABLE tournament_players (
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  user_id       INTEGER NOT NULL REFERENCES users(id),
  registered_at INTEGER NOT NULL,
  seed_rating   REAL,     -- the displayed rating in the tournament's pool at the start: the seeding
  left_at       INTEGER,  -- withdrew, or disqualified by an administrator
  left_how      TEXT,     -- withdrew, disqualified
  left_reason   TEXT,     -- the administrator's, for a disqualification
  PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_players_by_user ON tournament_players(user_id);

-- A round is written when it starts, with its tables, and marked finished
-- once, by the node whose transaction changes its status first.
CREATE TABLE tournament_rounds (
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  round         INTEGER NOT NULL,
  status        TEXT NOT NULL,  -- playing, finished
  started_at    INTEGER NOT NULL,
  finished_at   INTEGER,
  deal_secret   TEXT,           -- a duplicate round's secret (hex); shown once the round is finished
  PRIMARY KEY (tournament_id, round)
);

CREATE TABLE tournament_byes (
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  round         INTEGER NOT NULL,
  user_id       INTEGER NOT NULL REFERENCES users(id),
  PRIMARY KEY (tournament_id, round, user_id)
);

ALTER TABLE game_tables ADD COLUMN tournament_id INTEGER REFERENCES tournaments(id);
ALTER TABLE game_tables ADD COLUMN tournament_round INTEGER;
ALTER TABLE game_tables ADD COLUMN tournament_table INTEGER;
CREATE INDEX game_tables_by_tournament ON game_tables(tournament_id, tournament_round) WHERE tournament_id IS NOT NULL;

-- Each seat's final total and rubles, for the standings' tie-breaks; NULL in
-- results stored before.
ALTER TABLE game_results ADD COLUMN points INTEGER;
ALTER TABLE game_results ADD COLUMN rubles INTEGER;
