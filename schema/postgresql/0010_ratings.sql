-- PostgreSQL twin of schema/0010_ratings.sql (same tables and columns; BIGINT for
-- SQLite's 64-bit INTEGER, DOUBLE PRECISION for REAL).
-- Ratings and player profiles (issue 18, docs/ratings.md).

-- What a table asks of the players who join it, and whether a game with
-- robots seated counts for ratings. No row: no requirement, unrated with robots.
CREATE TABLE table_terms (
  table_id         BIGINT PRIMARY KEY REFERENCES game_tables(id),
  rated            BIGINT NOT NULL DEFAULT 0,  -- 1: rated even with robots seated
  min_rating       DOUBLE PRECISION,  -- the displayed rating (mu - 3 sigma) a joiner needs
  max_timeout_rate DOUBLE PRECISION  -- 0 to 1: the highest timeout rate a joiner may have
);

-- Each account's current rating, one per pool (two_player, multiplayer):
-- Weng-Lin Plackett-Luce (JMLR 12, 2011), mu and sigma.
CREATE TABLE ratings (
  user_id BIGINT NOT NULL REFERENCES users(id),
  pool    TEXT NOT NULL,
  mu      DOUBLE PRECISION NOT NULL,
  sigma   DOUBLE PRECISION NOT NULL,
  games   BIGINT NOT NULL,
  PRIMARY KEY (user_id, pool)
);

-- One row per person's seat of a finished game, written with the game's last
-- move: the place, whether it was rated and the rating before and after, and
-- the seat's share of moves for the profile's timeout rate and time per move.
CREATE TABLE game_results (
  table_id     BIGINT NOT NULL REFERENCES game_tables(id),
  seat         BIGINT NOT NULL,
  user_id      BIGINT NOT NULL REFERENCES users(id),
  robot        BIGINT NOT NULL,   -- a robot's seat from the start: an opponent, never rated itself
  place        BIGINT NOT NULL,   -- the engine's place (1 = won; ties share)
  abandoned    BIGINT NOT NULL,   -- the seat ended played by a robot or nobody after timeouts
  pool         TEXT,               -- NULL: the game was not rated
  rated_place  BIGINT,            -- the place the rating used (abandoned seats last)
  mu_before    DOUBLE PRECISION,
  sigma_before DOUBLE PRECISION,
  mu_after     DOUBLE PRECISION,
  sigma_after  DOUBLE PRECISION,
  moves_due    BIGINT NOT NULL,   -- moves the person owed: made, made by their orders, or timed out
  timeouts     BIGINT NOT NULL,   -- of those, made by the table at the deadline
  timed_moves  BIGINT NOT NULL,   -- the person's own moves with a move before them
  think_seconds BIGINT NOT NULL,  -- seconds from the move before to each of those
  finished_at  BIGINT NOT NULL,
  PRIMARY KEY (table_id, seat)
);
CREATE INDEX game_results_by_user ON game_results(user_id, finished_at);
