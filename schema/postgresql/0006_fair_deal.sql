-- PostgreSQL twin of schema/0006_fair_deal.sql (same tables and columns; BIGINT for
-- SQLite's 64-bit INTEGER).
-- A deal nobody controls alone (docs/fairness.md): the server's secret, drawn
-- at a table's creation, and each seat's contribution. The seed column keeps
-- the seed derived from them at the start.
ALTER TABLE game_tables ADD COLUMN deal_secret TEXT;  -- 64 hex digits, secret until the game ends; NULL: a table dealt before fair deals
ALTER TABLE seats ADD COLUMN contribution TEXT;       -- 64 hex digits, public once given; NULL: the seat contributed nothing
