-- Floating vacation (issue 35, docs/correspondence.md "Floating vacation"):
-- a player may let the yearly vacation allowance be spent a day at a time,
-- only when their clock would otherwise run out. notice_settings holds the
-- player's choice (1: spend days), vacations marks the days so spent, and a
-- table may refuse them (game_tables.floating_vacation 0: its timeouts come
-- on time).
ALTER TABLE notice_settings ADD COLUMN floating_vacation INTEGER NOT NULL DEFAULT 0;
ALTER TABLE vacations ADD COLUMN floating INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_tables ADD COLUMN floating_vacation INTEGER NOT NULL DEFAULT 1;
