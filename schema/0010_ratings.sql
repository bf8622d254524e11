-- Ratings and player profiles (issue 18, docs/ratings.md).

-- What a table asks of the players who join it, and whether a game with
-- robots seated counts for ratings. No row: no requirement, unrated with robots.
CREATE TABLE table_terms (
  table_id         INTEGER PRIMARY KEY REFERENCES game_tables(id),
  rated            INTEGER NOT NULL DEFAULT 0,  -- 1: rated even with robots seated
  min_rating       REAL,                        -- the displayed rating (mu - 3 sigma) a joiner needs
  max_timeout_rate REAL                         -- 0 to 1: the highest timeout rate a joiner may have
);

-- Each account's current rating, one per pool (two_player, multiplayer):
-- Weng-Lin Plackett-Luce (JMLR 12, 2011), mu and sigma.
CREATE TABLE ratings (
  user_id INTEGER NOT NULL REFERENCES users(id),
  pool    TEXT NOT NULL,
  mu      REAL NOT NULL,
  sigma   REAL NOT NULL,
  games   INTEGER NOT NULL,
  PRIMARY KEY (user_id, pool)
) WITHOUT ROWID;

-- One row per person's seat of a finished game, written with the game's last
-- move: the place, whether it was rated and the rating before and after, and
-- the seat's share of moves for the profile's timeout rate and time per move.
CREATE TABLE game_results (
  table_id     INTEGER NOT NULL REFERENCES game_tables(id),
  seat         INTEGER NOT NULL,
  user_id      INTEGER NOT NULL REFERENCES users(id),
  robot        INTEGER NOT NULL,   -- a robot's seat from the start: an opponent, never rated itself
  place        INTEGER NOT NULL,   -- the engine's place (1 = won; ties share)
  abandoned    INTEGER NOT NULL,   -- the seat ended played by a robot or nobody after timeouts
  pool         TEXT,               -- NULL: the game was not rated
  rated_place  INTEGER,            -- the place the rating used (abandoned seats last)
  mu_before    REAL,
  sigma_before REAL,
  mu_after     REAL,
  sigma_after  REAL,
  moves_due    INTEGER NOT NULL,   -- moves the person owed: made, made by their orders, or timed out
  timeouts     INTEGER NOT NULL,   -- of those, made by the table at the deadline
  timed_moves  INTEGER NOT NULL,   -- the person's own moves with a move before them
  think_seconds INTEGER NOT NULL,  -- seconds from the move before to each of those
  finished_at  INTEGER NOT NULL,
  PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE INDEX game_results_by_user ON game_results(user_id, finished_at);
