-- Leagues (issue 36, docs/leagues.md): a competition played in seasons, its
-- players in divisions one above the other, moving up and down between
-- seasons. The league keeps its rules and what each of its tables is created
-- with; each season keeps its divisions' players in ladder order, its whole
-- schedule of tables (each started when its players have room: waves) and
-- its byes. The tables themselves are game_tables rows that name their league.
CREATE TABLE leagues (
  id             INTEGER PRIMARY KEY,
  name           TEXT NOT NULL,
  creator_id     INTEGER NOT NULL REFERENCES users(id),
  table_request  TEXT NOT NULL,     -- each table's create_table fields (protocol/stored_text.hpp)
  division_size  INTEGER NOT NULL,
  table_players  INTEGER NOT NULL,
  promoted       INTEGER NOT NULL,  -- up from each division and down from the one above, each season
  newcomers      TEXT NOT NULL,     -- bottom, by_rating
  tables_at_once INTEGER NOT NULL,
  meetings       INTEGER NOT NULL,
  season_days    INTEGER NOT NULL,  -- a season's length: its finish date
  current_season INTEGER NOT NULL DEFAULT 0,  -- 0 before the first
  next_season_at INTEGER NOT NULL,  -- when the next season starts, once the current one has ended
  created_at     INTEGER NOT NULL
);

-- Who plays: a player joins for the next season and leaves at the end of the
-- current one (left_at set: not placed again).
CREATE TABLE league_players (
  league_id INTEGER NOT NULL REFERENCES leagues(id),
  user_id   INTEGER NOT NULL REFERENCES users(id),
  joined_at INTEGER NOT NULL,
  left_at   INTEGER,
  PRIMARY KEY (league_id, user_id)
);
CREATE INDEX league_players_by_user ON league_players(user_id);

-- A season is written when it starts, with its divisions and schedule, and
-- marked finished once, by the node whose transaction changes it first.
CREATE TABLE league_seasons (
  league_id   INTEGER NOT NULL REFERENCES leagues(id),
  season      INTEGER NOT NULL,
  status      TEXT NOT NULL,     -- playing, finished
  started_at  INTEGER NOT NULL,
  finish_by   INTEGER NOT NULL,  -- the date it holds, as a tournament's
  finished_at INTEGER,
  PRIMARY KEY (league_id, season)
);

-- Each division's players in the ladder's order when the season started
-- (division 0 the top one), and where each went at its end.
CREATE TABLE league_places (
  league_id INTEGER NOT NULL REFERENCES leagues(id),
  season    INTEGER NOT NULL,
  division  INTEGER NOT NULL,
  place     INTEGER NOT NULL,  -- from 0, the division's order at the start
  user_id   INTEGER NOT NULL REFERENCES users(id),
  moved     TEXT,              -- up, stay, down; set when the season ends
  PRIMARY KEY (league_id, season, user_id)
);

-- The season's schedule: every table, in each division's schedule order
-- (round, then number), with its seats; table_id once it has started.
CREATE TABLE league_tables (
  league_id INTEGER NOT NULL REFERENCES leagues(id),
  season    INTEGER NOT NULL,
  division  INTEGER NOT NULL,
  round     INTEGER NOT NULL,
  number    INTEGER NOT NULL,
  seats     TEXT NOT NULL,     -- user ids in seat order, comma-separated
  table_id  INTEGER REFERENCES game_tables(id),
  PRIMARY KEY (league_id, season, division, round, number)
);

CREATE TABLE league_byes (
  league_id INTEGER NOT NULL REFERENCES leagues(id),
  season    INTEGER NOT NULL,
  division  INTEGER NOT NULL,
  round     INTEGER NOT NULL,
  user_id   INTEGER NOT NULL REFERENCES users(id),
  PRIMARY KEY (league_id, season, round, user_id)
);

-- A league's table names its league, season and division (from 0).
ALTER TABLE game_tables ADD COLUMN league_id INTEGER REFERENCES leagues(id);
ALTER TABLE game_tables ADD COLUMN league_season INTEGER;
ALTER TABLE game_tables ADD COLUMN league_division INTEGER;
CREATE INDEX game_tables_by_league ON game_tables(league_id) WHERE league_id IS NOT NULL;
