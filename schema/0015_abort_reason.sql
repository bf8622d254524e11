-- Why an administrator stopped a game (issue 32): the table's page tells its
-- players the reason also when they open it long after the abort, not only
-- to those watching at that moment. NULL: no reason (not aborted, its creator
-- left before the start, or its players voted).
ALTER TABLE game_tables ADD COLUMN abort_reason TEXT;
