-- The players decide about a late seat (issue 35, docs/correspondence.md "The
-- players decide"): at a table with timeout_vote 1, a seat whose time ran out
-- is not moved for at once; the players present vote to wait, to let the
-- robot play it, or to end its player's part. The question, the votes and the
-- decision are entries of the move log, so nothing else is stored.
ALTER TABLE game_tables ADD COLUMN timeout_vote INTEGER NOT NULL DEFAULT 0;
