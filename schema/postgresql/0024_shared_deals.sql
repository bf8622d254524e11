-- PostgreSQL twin of schema/0024_shared_deals.sql.
-- Duplicate deals (docs/fairness.md, "Duplicate deals"): every table of a
-- duplicate tournament's round is dealt from one secret drawn for the round,
-- committed before the round and contributed to by its players.

-- A round's deal, drawn when the round before it starts (round 1's when the
-- tournament is created), so that its commitment is public before anyone can
-- contribute; the secret is shown once the round is finished.
CREATE TABLE tournament_deals (
  tournament_id BIGINT NOT NULL REFERENCES tournaments(id),
  round         BIGINT NOT NULL,
  secret        TEXT NOT NULL,     -- 64 hex digits
  drawn_at      BIGINT NOT NULL,
  PRIMARY KEY (tournament_id, round)
);

-- A player's contribution to a round's deal, given before the round starts;
-- one each, public as soon as given.
CREATE TABLE tournament_deal_contributions (
  tournament_id BIGINT NOT NULL REFERENCES tournaments(id),
  round         BIGINT NOT NULL,
  user_id       BIGINT NOT NULL REFERENCES users(id),
  contribution  TEXT NOT NULL,     -- 64 hex digits
  given_at      BIGINT NOT NULL,
  PRIMARY KEY (tournament_id, round, user_id)
);

-- A duplicate round's table: the contributions its seed was mixed from, in
-- byte order, comma-separated ('' when none was given); NULL at every other
-- table. Its deal_secret is the round's.
ALTER TABLE game_tables ADD COLUMN shared_deal TEXT;

-- Superseded by tournament_deals, which holds the secret before the round's row exists.
ALTER TABLE tournament_rounds DROP COLUMN deal_secret;
