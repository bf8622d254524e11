-- The notice that a tournament's registration closes soon (docs/tournaments.md,
-- "A tournament's life"), sent once a day before the close: the node whose
-- write sets closing_noticed from 0 to 1 sends it, any other sends nothing.
ALTER TABLE tournaments ADD COLUMN closing_noticed INTEGER NOT NULL DEFAULT 0;
